import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { jobApplications } from "./careers";

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
    /** "application" today; playtest sign-ups, issue reports and contact messages follow. */
    kind: text("kind").notNull(),
    applicationId: uuid("application_id").references(() => jobApplications.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("status_links_application_idx").on(t.applicationId)],
);
