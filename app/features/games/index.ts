/* games: its face (safe in the browser). */
export { GameHero, type GameHeroView } from "./GameHero";
export type { Game, GameSummary } from "./types";
export { videoGameJsonLd } from "./video-game";
