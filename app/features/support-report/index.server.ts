/* Problem reports' server face. */

export { issueCommentSchema, issueSchema } from "./issue-form";
export { purgeExpiredIssueReports } from "./issue-report.server";
export { addIssueInfo, type IssueStatus, issueReportsOf, issueStatus } from "./issue-status.server";
export { issueReportStatusSource } from "./issue-status-source.server";
export { createIssuesApi } from "./issues-api.server";
export { knownIssuesKind } from "./known-issue-kind.server";
export { type KnownIssueView, knownIssueQuery } from "./known-issue-search";
export {
  addMeToo,
  knownIssueMeTooLimit,
  listAllKnownIssues,
  listKnownIssues,
  searchKnownIssues,
} from "./known-issues.server";
export { issueReportPersonalData } from "./personal-data.server";
export { addInfoToIssue, issueFormTexts, issueReportLimit, reportIssue } from "./report-issue.server";
export { issueCommands } from "./tools.server";
