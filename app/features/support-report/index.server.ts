/* Problem reports' server face. */
export { purgeExpiredIssueReports } from "./issue-report.server";
