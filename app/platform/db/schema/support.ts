import { boolean, char, index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { faqItems } from "./content";

/**
 * "Was this helpful?" answers (support feature): one row per visitor and FAQ answer; voting
 * again replaces the row. The visitor is a random id kept in an HttpOnly cookie; only its
 * SHA-256 hash is stored, so the table holds no personal data. Rows go with their answer.
 */
export const faqVotes = pgTable(
  "faq_votes",
  {
    faqItemId: integer("faq_item_id")
      .notNull()
      .references(() => faqItems.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the visitor cookie's value. */
    visitorHash: char("visitor_hash", { length: 64 }).notNull(),
    helpful: boolean("helpful").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.faqItemId, t.visitorHash] }),
    index("faq_votes_item_helpful_idx").on(t.faqItemId, t.helpful),
  ],
);
