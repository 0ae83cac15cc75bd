/* analytics: its face. */
export { AnalyticsTracker } from "./AnalyticsTracker";
