/* Problem reports' server face. */
export { purgeExpiredIssueReports } from "./issue-report.server";
export { addIssueInfo, type IssueStatus, issueReportsOf, issueStatus } from "./issue-status.server";
export { knownIssuesKind } from "./known-issue-kind.server";
export { issueReportPersonalData } from "./personal-data.server";
export { addInfoToIssue } from "./report-issue.server";
export { issueCommands } from "./tools.server";
