/* support-report: its face. */

export { issueFormAnchor, issueHoneypot } from "./issue-choices";
export { KnownIssueList, knownIssuesSeenField, type MeTooReply, meTooField } from "./KnownIssueSuggestions";
export { SupportReportLinks } from "./SupportReportLinks";
