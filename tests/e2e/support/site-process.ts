import { type SiteOptions, type StartedProcess, startBuiltSite } from "../../../scripts/lib/site-process";
import { testContent } from "../../support/test-content";

export { freePort } from "../../../scripts/lib/site-process";
export type SiteProcess = StartedProcess;

/**
 * Runs the built site as production does (node server.js) on a free port, with the tests'
 * content, and resolves once /readyz answers, however long that takes: the hook or test that
 * waits sets the limit.
 */
export function spawnSite(
  options: Pick<SiteOptions, "buildDir" | "dataDir" | "env" | "port">,
): Promise<SiteProcess> {
  return startBuiltSite({
    ...options,
    env: {
      LOG_LEVEL: "warn",
      // The tests' own content (tests/fixtures/content); a test may give a copy it edits.
      CONTENT_DIR: testContent,
      ...options.env,
    },
  });
}
