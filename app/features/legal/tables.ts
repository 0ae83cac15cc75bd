import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";

/** The legal pages (content/legal/{doc}/{lang}.md), copied here by the content loader. */

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
