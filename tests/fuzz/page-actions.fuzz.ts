import { pageEndpoints } from "./support/endpoints";
import { fuzzFile } from "./support/suite";

/** Every page action (form posts), walked from React Router's route manifest. */
await fuzzFile("page actions", (site) =>
  pageEndpoints(site.pageRoutes).filter((endpoint) => endpoint.kind === "action"),
);
