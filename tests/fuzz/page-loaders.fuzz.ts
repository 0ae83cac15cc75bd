import { pageEndpoints } from "./support/endpoints";
import { fuzzFile } from "./support/suite";

/** Every page loader (addresses, query filters), walked from React Router's route manifest. */
await fuzzFile("page loaders", (site) =>
  pageEndpoints(site.pageRoutes).filter((endpoint) => endpoint.kind === "loader"),
);
