// The issue form's choices and names its component needs, apart from the schema (issue-form.ts)
// so the page does not load Zod to render the form.

/** What kind of problem (`GET /api/issues/form` categories, docs/requirements.md#issue-reports). */
export const issueCategories = [
  "bug",
  "crash",
  "performance",
  "save",
  "account",
  "purchase",
  "other",
] as const;

/** Where the visitor plays. */
export const issuePlatforms = [
  "windows",
  "macos",
  "linux",
  "steam-deck",
  "playstation",
  "xbox",
  "switch",
  "other",
] as const;

/** The honeypot (see contact-form.ts): filled means a bot; answered as sent and dropped. */
export const issueHoneypot = "website";

/** The form's section on the report page: the fragment of its action and of the address after sending. */
export const issueFormAnchor = "report-form";
