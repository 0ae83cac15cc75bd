import { afterAll } from "vitest";
import { expressEndpoints } from "./support/endpoints";
import { prepareFixtures } from "./support/fixtures";
import { startFuzzSite } from "./support/site";
import { fuzzEndpoints } from "./support/suite";

/**
 * The JSON API and the other Express routes, walked from the app's router stack, except the
 * account API (api-account.fuzz.ts): two files of about the same length, one per core.
 */
const site = await startFuzzSite();
afterAll(() => site.stop());
const fixtures = await prepareFixtures(site);

fuzzEndpoints(
  "api",
  site,
  fixtures,
  expressEndpoints(site.app).filter((endpoint) => !endpoint.path.startsWith("/api/account")),
);
