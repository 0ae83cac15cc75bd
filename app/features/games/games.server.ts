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
    genre: pick(row.genre, lang) ?? "",
    description: pick(row.description, lang) ?? "",
    platforms: row.platforms,
    releaseDate: row.releaseDate,
    website: row.website,
    art: row.art,
  }));
}

/** One game by its slug (its page, /games/{slug}), or null for a slug no game has. */
export async function getGame(db: Db, slug: string, lang: Language): Promise<Game | null> {
  return (await listGames(db, lang)).find((game) => game.slug === slug) ?? null;
}

/** Every game's slug in the studio's order (sitemap.xml lists their pages). */
export async function listGameSlugs(db: Db): Promise<string[]> {
  const rows = await db.select({ slug: games.slug }).from(games).orderBy(asc(games.sort), asc(games.slug));
  return rows.map((row) => row.slug);
}
