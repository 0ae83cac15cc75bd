/* The status pages' server face. */
export {
  deleteByStatusLink,
  exportByStatusLink,
  loadStatusPage,
  sendStatusLinks,
  withdrawByLink,
} from "./status.server";
