/** A game as the queries (games.server.ts) return it: texts in the requested language. */
export type GameSummary = { slug: string; name: string; tagline: string; image: string | null };

export type Game = GameSummary & {
  description: string;
  platforms: string[];
  /** ISO date (YYYY-MM-DD) or null when unannounced. */
  releaseDate: string | null;
  website: string | null;
};
