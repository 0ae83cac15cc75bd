import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Private links to a submission's status page (platform/status/links.server.ts): what the
 * confirmation e-mail carries, and what a visitor who lost it gets again by e-mail. Only the
 * token's SHA-256 is stored. A link points at exactly one submission by its kind and id, and
 * deleting the submission (by the visitor, the tools or its retention purge) deletes its links
 * with it, in the same transaction. An item may have several links (one per e-mail that carried one). A link
 * stops opening 90 days after it was last opened, or once links to its item are sent again
 * (`revoked_at`); its row stays until its item goes, so that its page can say it expired.
 */
export const statusLinks = pgTable(
  "status_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    /**
     * The item's kind as its feature names it for the outbox and the data-rights pages
     * ("application", "contact", "issueReport", "playtest"): a status source's kind.
     */
    kind: text("kind").notNull(),
    /**
     * The item's id in its feature's table. No foreign key: the status links know no feature's
     * table; whatever deletes an item deletes its links in the same transaction
     * (`deleteItemTraces`, platform/privacy/item-traces.server.ts).
     */
    itemId: text("item_id").notNull(),
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
  (t) => [index("status_links_item_idx").on(t.kind, t.itemId)],
);
