import { boolean, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";

/** The studio's own kit, or a game's. */
export const pressKitKinds = ["studio", "game"] as const;
export type PressKitKind = (typeof pressKitKinds)[number];

/**
 * Press kits, loaded from content/press/<slug>/ (features/press/press-kit-kind). The kit's
 * images and logos stay files of the content folder, read when asked for.
 */
export const pressKits = pgTable("press_kits", {
  slug: text("slug").primaryKey(),
  kind: text("kind").$type<PressKitKind>().notNull(),
  /** Slug of a game under content/games (game kits). */
  game: text("game"),
  archived: boolean("archived").notNull(),
  /** ISO date (YYYY-MM-DD) of this version of the kit. */
  updatedOn: text("updated_on").notNull(),
  sort: integer("sort").notNull(),
  /**
   * The kit.yaml as the press feature validated it; its schema there
   * (features/press/press-kit-file.server.ts) is the one description of this record.
   */
  kit: jsonb("kit").notNull(),
});
