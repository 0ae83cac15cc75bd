import { expressEndpoints, isAccountApi } from "./support/endpoints";
import { fuzzFile } from "./support/suite";

/** The account API (/api/account/…), walked from the app's router stack: the other half of api.fuzz.ts. */
await fuzzFile("account api", (site) => expressEndpoints(site.app).filter(isAccountApi));
