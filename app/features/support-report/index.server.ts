/* Problem reports' server face. */
export { purgeExpiredIssueReports } from "./issue-report.server";
export { issueReportPersonalData } from "./personal-data.server";
