import { afterAll } from "vitest";
import { pageEndpoints } from "./support/endpoints";
import { prepareFixtures } from "./support/fixtures";
import { startFuzzSite } from "./support/site";
import { fuzzEndpoints } from "./support/suite";

/** Every page loader (addresses, query filters), walked from React Router's route manifest. */
const site = await startFuzzSite();
afterAll(() => site.stop());
const fixtures = await prepareFixtures(site);

fuzzEndpoints(
  "page loaders",
  site,
  fixtures,
  pageEndpoints(site.pageRoutes).filter((endpoint) => endpoint.kind === "loader"),
);
