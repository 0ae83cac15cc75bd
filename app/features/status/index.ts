/* status: its face. */
export { StatusDataCard } from "./StatusDataCard";
export { statusViews } from "./status-views";
