import { analyticsCookieNames } from "~/features/consent/index.server";
import type { Config } from "~/platform/config.server";
import type { AnalyticsSetup } from "./AnalyticsTracker";

/** What the browser needs to run analytics after consent (the root loader hands it over). */
export function analyticsSetup(config: Config): AnalyticsSetup {
  return { scriptUrl: config.ANALYTICS_SCRIPT_URL ?? null, cookieNames: analyticsCookieNames(config) };
}
