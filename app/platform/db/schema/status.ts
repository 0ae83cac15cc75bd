import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobApplications } from "./careers";
import { contactMessages, issueReports } from "./contact";
import { playtestSignups } from "./playtest";

/**
 * Private links to a submission's status page (platform/status/links.server.ts): what the
 * confirmation e-mail carries, and what a visitor who lost it gets again by e-mail. Only the
 * token's SHA-256 is stored. A link points at exactly one submission through that kind's own
 * column, so deleting the submission (by the visitor, the tools or its retention purge) deletes
 * its links with it. An item may have several links (one per e-mail that carried one). A link
 * stops opening 90 days after it was last opened, or once links to its item are sent again
 * (`revoked_at`); its row stays until its item goes, so that its page can say it expired.
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
    /**
     * When its page was last opened, to the day (moved at most once a day); when the link was
     * made until then. The links a site had before this column count as opened when it was
     * added: the default fills them at that moment.
     */
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }).notNull().defaultNow(),
    /** When links to the same item were sent again (lost links), which replaced this one. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("status_links_application_idx").on(t.applicationId),
    index("status_links_contact_message_idx").on(t.contactMessageId),
    index("status_links_issue_report_idx").on(t.issueReportId),
    index("status_links_playtest_signup_idx").on(t.playtestSignupId),
  ],
);
