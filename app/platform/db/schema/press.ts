import { boolean, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";

type KitAsset = { file: string; caption: Localized };

/**
 * A press kit as stored: its kit.yaml once validated (features/press/press-kit-file.ts checks
 * the file and has the same shape; storing and reading it fail to compile if they drift apart).
 */
export type PressKitRecord = {
  name: string;
  kind: "studio" | "game";
  game?: string | undefined;
  sort: number;
  updatedOn: string;
  archived: boolean;
  tagline: Localized;
  facts: {
    developer?: string | undefined;
    publisher?: string | undefined;
    basedIn: Localized;
    releaseDate?: string | undefined;
    platforms?: string[] | undefined;
    website?: string | undefined;
    price?: Array<{ amount: number; currency: string }> | undefined;
  };
  description: Localized;
  history: Localized;
  features: Localized[];
  videos: Array<{ title: Localized; url: string; poster: string; duration: string }>;
  images: KitAsset[];
  logos: KitAsset[];
  quotes: Array<{ quote: string; author?: string | undefined; outlet: string; url?: string | undefined }>;
  monetization: Localized;
  team: Array<{ name: string; role: Localized }>;
  contacts: Array<{ label: Localized; email: string }>;
};

/**
 * Press kits, loaded from content/press/<slug>/ (features/press/press-kit-kind). The kit's
 * images and logos stay files of the content folder, read when asked for.
 */
export const pressKits = pgTable("press_kits", {
  slug: text("slug").primaryKey(),
  kind: text("kind").$type<PressKitRecord["kind"]>().notNull(),
  /** Slug of a game under content/games (game kits). */
  game: text("game"),
  archived: boolean("archived").notNull(),
  /** ISO date (YYYY-MM-DD) of this version of the kit. */
  updatedOn: text("updated_on").notNull(),
  sort: integer("sort").notNull(),
  kit: jsonb("kit").$type<PressKitRecord>().notNull(),
});
