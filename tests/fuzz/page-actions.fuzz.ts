import { afterAll } from "vitest";
import { pageEndpoints } from "./support/endpoints";
import { prepareFixtures } from "./support/fixtures";
import { startFuzzSite } from "./support/site";
import { fuzzEndpoints } from "./support/suite";

/** Every page action (form posts), walked from React Router's route manifest. */
const site = await startFuzzSite();
afterAll(() => site.stop());
const fixtures = await prepareFixtures(site);

fuzzEndpoints(
  "page actions",
  site,
  fixtures,
  pageEndpoints(site.pageRoutes).filter((endpoint) => endpoint.kind === "action"),
);
