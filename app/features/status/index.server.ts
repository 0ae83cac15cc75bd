/* The status pages' server face. */
export {
  actOnStatusLink,
  deleteByStatusLink,
  exportByStatusLink,
  hasStatusPage,
  linkToItemOf,
  loadStatusPage,
  type StatusPage,
  sendStatusLinks,
  statusSummary,
} from "./status.server";
export { type StatusKind, statusSources } from "./status-sources.server";
