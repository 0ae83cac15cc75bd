/* support-report: its face. */

export { issueFormAnchor, issueHoneypot } from "./issue-choices";
export { KnownIssueCounts } from "./KnownIssueCounts";
export {
  KnownIssueList,
  knownIssuesSeenField,
  type MeTooReply,
  meTooField,
} from "./KnownIssueSuggestions";
export { SupportReportLinks } from "./SupportReportLinks";
