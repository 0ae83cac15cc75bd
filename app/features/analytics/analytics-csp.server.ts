import type { Config } from "~/platform/config.server";
import type { CspExtras } from "~/platform/security/headers.server";

/**
 * The outside analytics provider (ANALYTICS_SCRIPT_URL), when configured, loads its script
 * from its origin and reports back to it; the CSP allows exactly that origin. The script is
 * only inserted after consent (AnalyticsTracker), so allowing it costs nothing before.
 */
export function analyticsCspExtras(config: Config): CspExtras {
  if (!config.ANALYTICS_SCRIPT_URL) return {};
  const origin = new URL(config.ANALYTICS_SCRIPT_URL).origin;
  return { scriptSrc: [origin], connectSrc: [origin], imgSrc: [origin] };
}
