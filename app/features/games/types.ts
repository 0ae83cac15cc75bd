import type { GameFraming } from "~/ui/art/art";
/**
 * A game as the queries (games.server.ts) return it: texts in the requested language. `art` is
 * how its key art is cut (null: the default), for `gameArt(slug, art)` of app/ui/art/art.ts.
 */
export type GameSummary = { slug: string; name: string; tagline: string; art: GameFraming | null };

export type Game = GameSummary & {
  genre: string;
  description: string;
  platforms: string[];
  /** ISO date (YYYY-MM-DD) or null when unannounced. */
  releaseDate: string | null;
  website: string | null;
};
