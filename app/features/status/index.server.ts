/* The status pages' server face. */
export {
  deleteByStatusLink,
  exportByStatusLink,
  issueOfLink,
  loadStatusPage,
  type StatusPage,
  sendStatusLinks,
  statusKindOf,
  statusSummary,
  withdrawByLink,
} from "./status.server";
