import { asc } from "drizzle-orm";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { type Language, pick } from "~/platform/i18n/languages";
import { games } from "./tables";
import type { Game } from "./types";

/** The studio's games in its order, texts in the requested language. */
export function listGames(db: Db, lang: Language): Promise<Game[]> {
  return sharedContentMemo(db)(`games|${lang}`, () => readGames(db, lang));
}

async function readGames(db: Db, lang: Language): Promise<Game[]> {
  const rows = await db.select().from(games).orderBy(asc(games.sort), asc(games.slug));
  return rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    tagline: pick(row.tagline, lang) ?? "",
    description: pick(row.description, lang) ?? "",
    platforms: row.platforms,
    releaseDate: row.releaseDate,
    website: row.website,
    art: row.art,
  }));
}
