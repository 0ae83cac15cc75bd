/**
 * A game as the queries (games.server.ts) return it: texts in the requested language. Its art is
 * not content: components look it up by slug in app/ui/art/art.ts (gameArtOf).
 */
export type GameSummary = { slug: string; name: string; tagline: string };

export type Game = GameSummary & {
  description: string;
  platforms: string[];
  /** ISO date (YYYY-MM-DD) or null when unannounced. */
  releaseDate: string | null;
  website: string | null;
};
