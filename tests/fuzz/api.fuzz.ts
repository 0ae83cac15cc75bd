import { expressEndpoints, isAccountApi } from "./support/endpoints";
import { fuzzFile } from "./support/suite";

/** The JSON API and the other Express routes, walked from the app's router stack, but the
 * account API (api-account.fuzz.ts): two files of about the same length, one per core. */
await fuzzFile("api", (site) => expressEndpoints(site.app).filter((endpoint) => !isAccountApi(endpoint)));
