import { afterAll } from "vitest";
import { expressEndpoints } from "./support/endpoints";
import { prepareFixtures } from "./support/fixtures";
import { startFuzzSite } from "./support/site";
import { fuzzEndpoints } from "./support/suite";

/** The account API (/api/account/…), walked from the app's router stack: the other half of api.fuzz.ts. */
const site = await startFuzzSite();
afterAll(() => site.stop());
const fixtures = await prepareFixtures(site);

fuzzEndpoints(
  "account api",
  site,
  fixtures,
  expressEndpoints(site.app).filter((endpoint) => endpoint.path.startsWith("/api/account")),
);
