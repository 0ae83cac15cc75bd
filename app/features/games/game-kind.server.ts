import { z } from "zod";
import { httpsUrl, localized, text } from "~/features/content";
import {
  artAssets,
  type ContentKind,
  parseYamlFiles,
  syncRows,
  type YamlFiles,
  yamlFileKey,
} from "~/features/content/index.server";
import { slugPattern } from "~/platform/text/slug";
import { gameArtOf } from "~/ui/art/art";
import { games } from "./tables";

/**
 * content/games/{slug}.yaml. A game names no picture: its key art is app/ui/art/art.ts's, by
 * slug (docs/art-direction.md); the content check reports a game that has none.
 */
export const gameFileSchema = z.strictObject({
  name: text,
  sort: z.int(),
  tagline: localized,
  description: localized,
  platforms: z.array(text).min(1),
  releaseDate: z.iso.date().optional(),
  website: httpsUrl.optional(),
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
  assets: (units) =>
    units.flatMap(({ sources, data }) => artAssets(sources[0]!, gameArtOf(data.slug), "key art")),
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
        description: data.description,
        platforms: data.platforms,
        releaseDate: data.releaseDate ?? null,
        website: data.website ?? null,
        sort: data.sort,
      }),
    }),
};
