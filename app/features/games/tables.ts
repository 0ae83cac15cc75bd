import { integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";
import type { GameFraming } from "~/ui/art/art";

export const games = pgTable("games", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  tagline: jsonb("tagline").$type<Localized>().notNull(),
  // Rows loaded before the field existed hold empty texts until the content's next load.
  genre: jsonb("genre").$type<Localized>().notNull().default({ en: "", fr: "", es: "" }),
  description: jsonb("description").$type<Localized>().notNull(),
  platforms: jsonb("platforms").$type<string[]>().notNull(),
  releaseDate: text("release_date"),
  website: text("website"),
  /** How its key art is cut (content `art:`); null: the default framing. */
  art: jsonb("art").$type<GameFraming>(),
  sort: integer("sort").notNull().default(0),
});
