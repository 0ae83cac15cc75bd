import { integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";

export const games = pgTable("games", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  tagline: jsonb("tagline").$type<Localized>().notNull(),
  description: jsonb("description").$type<Localized>().notNull(),
  platforms: jsonb("platforms").$type<string[]>().notNull(),
  releaseDate: text("release_date"),
  website: text("website"),
  sort: integer("sort").notNull().default(0),
});
