import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";

/** One FAQ model for internships, playtesting and support: a category belongs to a section. */
export const faqCategories = pgTable("faq_categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  section: text("section", { enum: ["internships", "playtesting", "support"] }).notNull(),
  title: jsonb("title").$type<Localized>().notNull(),
  description: jsonb("description").$type<Localized>(),
  sort: integer("sort").notNull().default(0),
});

export const faqItems = pgTable(
  "faq_items",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => faqCategories.id, { onDelete: "cascade" }),
    title: jsonb("title").$type<Localized>().notNull(),
    /** Markdown per language. */
    description: jsonb("description").$type<Localized>().notNull(),
    /** Slugs of the games the answer is about (content `games:`); their pages list it. */
    games: jsonb("games").$type<string[]>().notNull().default([]),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("faq_items_category_idx").on(t.categoryId)],
);

/**
 * "Was this helpful?" answers (the FAQ feature): one row per visitor and FAQ answer; voting
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
