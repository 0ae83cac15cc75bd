import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobApplications } from "./careers";
import { contactMessages, issueReports } from "./contact";
import { playtestSignups } from "./playtest";

/**
 * Private links to a submission's status page (platform/status/links.server.ts): what the
 * confirmation e-mail carries, and what a visitor who lost it gets again by e-mail. Only the
 * token's SHA-256 is stored. A link points at exactly one submission through that kind's own
 * column, so deleting the submission (by the visitor, the tools or its retention purge) deletes
 * its links with it. An item may have several links (one per e-mail that carried one).
 */
export const statusLinks = pgTable(
  "status_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** "application", "contact", "issue" or "playtest" (platform/status/links.server.ts `StatusKind`). */
    kind: text("kind").notNull(),
    applicationId: uuid("application_id").references(() => jobApplications.id, { onDelete: "cascade" }),
    contactMessageId: uuid("contact_message_id").references(() => contactMessages.id, {
      onDelete: "cascade",
    }),
    issueReportId: uuid("issue_report_id").references(() => issueReports.id, { onDelete: "cascade" }),
    playtestSignupId: uuid("playtest_signup_id").references(() => playtestSignups.id, {
      onDelete: "cascade",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("status_links_application_idx").on(t.applicationId),
    index("status_links_contact_message_idx").on(t.contactMessageId),
    index("status_links_issue_report_idx").on(t.issueReportId),
    index("status_links_playtest_signup_idx").on(t.playtestSignupId),
  ],
);
