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
  withdrawByLink,
} from "./status.server";
