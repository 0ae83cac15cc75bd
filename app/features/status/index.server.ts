/* The status pages' server face. */
export {
  answerPlaytestByLink,
  deleteByStatusLink,
  exportByStatusLink,
  issueOfLink,
  loadStatusPage,
  type StatusPage,
  sendStatusLinks,
  sessionCalendarByLink,
  signNdaByLink,
  statusKindOf,
  statusSummary,
  withdrawByLink,
} from "./status.server";
