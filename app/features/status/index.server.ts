/* The status pages' server face. */
export {
  answerPlaytestByLink,
  deleteByStatusLink,
  exportByStatusLink,
  issueOfLink,
  loadStatusPage,
  type StatusPage,
  sendStatusLinks,
  withdrawByLink,
} from "./status.server";
