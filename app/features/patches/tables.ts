import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";

/** A change in a patch (content/patches): what kind and its text in every language. */
export type PatchChange = { kind: "new" | "improved" | "fixed" | "known"; text: Localized };

/**
 * Patch notes (`GET /api/support-patches`): content copied here by the loader
 * (features/patches), one row per game version. `game` is a content game's slug.
 */
export const supportPatches = pgTable(
  "support_patches",
  {
    /** "<game>/<version>", the content unit. */
    key: text("key").primaryKey(),
    game: text("game").notNull(),
    version: text("version").notNull(),
    /** ISO date (YYYY-MM-DD). */
    releasedOn: text("released_on").notNull(),
    title: jsonb("title").$type<Localized>().notNull(),
    platforms: jsonb("platforms").$type<string[]>().notNull(),
    changes: jsonb("changes").$type<PatchChange[]>().notNull(),
  },
  (t) => [index("support_patches_game_idx").on(t.game, t.releasedOn)],
);
