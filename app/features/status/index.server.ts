/* The status pages' server face. */
export {
  answerPlaytestByLink,
  deleteByStatusLink,
  exportByStatusLink,
  hasStatusPage,
  issueOfLink,
  linkToItemOf,
  loadStatusPage,
  type StatusKind,
  type StatusPage,
  sendStatusLinks,
  sessionCalendarByLink,
  signNdaByLink,
  statusSummary,
  withdrawByLink,
} from "./status.server";
