export type { Game, GameSummary } from "./types";
