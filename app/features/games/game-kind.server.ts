import { z } from "zod";
import { box, focus, httpsUrl, localized, text } from "~/features/content";
import {
  type ContentKind,
  type ContentLookup,
  parseYamlFiles,
  syncRows,
  type YamlFiles,
  yamlFileKey,
} from "~/features/content/index.server";
import { slugPattern } from "~/platform/text/slug";
import { gameArt } from "~/ui/art/art";
import { games } from "./tables";

/**
 * content/games/{slug}.yaml. Its key art is public/images/art/games/{slug}.svg and its
 * renditions (docs/art-direction.md), cut as `art` says, else as a scene drawn to the art
 * direction is cut by default; the content check reports a game whose files are missing.
 */
export const gameFileSchema = z.strictObject({
  name: text,
  sort: z.int(),
  tagline: localized,
  /** What kind of game it is, as a player would say it ("Cooperative sailing adventure"). */
  genre: localized,
  description: localized,
  platforms: z.array(text).min(1),
  releaseDate: z.iso.date().optional(),
  website: httpsUrl.optional(),
  art: z
    .strictObject({ bannerY: z.number().min(0).max(550), thumb: box, focus })
    .refine((art) => art.thumb.x + art.thumb.width <= 2400 && art.thumb.y + art.thumb.height <= 1350, {
      message: "The thumbnail must lie inside the 2400 × 1350 scene",
      path: ["thumb"],
    })
    .optional(),
});
export type GameFile = z.infer<typeof gameFileSchema>;
/** A game as other kinds' checks see it (ContentLookup.units("games")). */
export type GameUnit = GameFile & { slug: string };

const filePattern = new RegExp(String.raw`^games\/(${slugPattern})\.yaml$`);

const gameFiles: YamlFiles<typeof gameFileSchema, GameUnit> = {
  pattern: filePattern,
  key: ([, slug]) => `game:${slug}`,
  schema: gameFileSchema,
  unit: (data, [, slug]) => ({ ...data, slug: slug! }),
};

/** The studio's games; awards, patch notes and press kits name them by slug. */
export const gamesKind: ContentKind<GameUnit> = {
  name: "games",
  unitKeyOf: (file) => yamlFileKey(gameFiles, file),
  parse: (reader) => parseYamlFiles(reader, gameFiles),
  art: (units) =>
    units.map(({ sources, data }) => ({
      file: sources[0]!,
      what: "key art",
      art: gameArt(data.slug, data.art),
    })),
  store: (tx, units, changed) =>
    syncRows(tx, {
      table: games,
      key: games.slug,
      units,
      changed,
      row: (data) => ({
        slug: data.slug,
        name: data.name,
        tagline: data.tagline,
        genre: data.genre,
        description: data.description,
        platforms: data.platforms,
        releaseDate: data.releaseDate ?? null,
        website: data.website ?? null,
        art: data.art ?? null,
        sort: data.sort,
      }),
    }),
};

/**
 * For the kinds whose files name a game (FAQ answers, job offers, playtest sessions): a slug with
 * no content/games/{slug}.yaml is reported on the file and field that name it, so the game's page
 * never silently misses what an editor meant for it.
 */
export function checkGameSlugs(lookup: ContentLookup, file: string, field: string, slugs: readonly string[]) {
  for (const slug of slugs) {
    if (!lookup.has(`games/${slug}.yaml`)) {
      lookup.problem(file, field, `Unknown game "${slug}" (no games/${slug}.yaml)`);
    }
  }
}
