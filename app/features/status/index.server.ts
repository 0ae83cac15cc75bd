/* The status pages' server face. */
export {
  deleteByStatusLink,
  exportByStatusLink,
  issueOfLink,
  loadStatusPage,
  type StatusPage,
  sendStatusLinks,
  withdrawByLink,
} from "./status.server";
