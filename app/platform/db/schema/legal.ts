import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";

/**
 * The legal pages (content/legal/{doc}/{lang}.md) and the home page's banners
 * (content/banners/{slug}.yaml), copied here by the content loader.
 */

/** One legal document in every language; version and date of last change are shared by all. */
export const legalDocuments = pgTable("legal_documents", {
  slug: text("slug").primaryKey(),
  title: jsonb("title").$type<Localized>().notNull(),
  /** Markdown source per language; pages render it sanitized. */
  body: jsonb("body").$type<Localized>().notNull(),
  version: integer("version").notNull(),
  /** ISO date (YYYY-MM-DD) of the last change to the text. */
  lastChanged: text("last_changed").notNull(),
});

/** A promotional banner shown on the home page and by GET /api/multibanners while active. */
export const banners = pgTable("banners", {
  slug: text("slug").primaryKey(),
  title: jsonb("title").$type<Localized>().notNull(),
  body: jsonb("body").$type<Localized>().notNull(),
  linkLabel: jsonb("link_label").$type<Localized>(),
  /** A site path (English form, pages localize it) or an https URL. */
  link: text("link"),
  /** Shown from startsAt to endsAt, both inclusive; null means open-ended on that side. */
  startsAt: timestamp("starts_at", { withTimezone: true }),
  endsAt: timestamp("ends_at", { withTimezone: true }),
  sort: integer("sort").notNull().default(0),
});
