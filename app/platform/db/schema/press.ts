import { boolean, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { PressKitFile } from "~/features/press/press-kit-file";

/**
 * Press kits (issue 7), loaded from content/press/<slug>/ (features/press/press-kit-kind). The
 * kit's images and logos stay files of the content folder; `files` records the hash each had
 * when it was loaded.
 */
export const pressKits = pgTable("press_kits", {
  slug: text("slug").primaryKey(),
  kind: text("kind").$type<PressKitFile["kind"]>().notNull(),
  /** Slug of a game under content/games (game kits). */
  game: text("game"),
  archived: boolean("archived").notNull(),
  /** ISO date (YYYY-MM-DD) of this version of the kit. */
  updatedOn: text("updated_on").notNull(),
  sort: integer("sort").notNull(),
  kit: jsonb("kit").$type<PressKitFile>().notNull(),
  files: jsonb("files").$type<Array<{ name: string; hash: string }>>().notNull(),
});
