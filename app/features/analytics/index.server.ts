/* analytics: its server face. */
export { createAnalyticsApi } from "./analytics-api.server";
export { analyticsCsp } from "./analytics-csp.server";
export { analyticsSetup } from "./analytics-setup.server";
export { pageviewRetentionTask } from "./retention.server";
