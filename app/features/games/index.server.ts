export { gamesKind } from "./game-kind.server";
export { listGames } from "./games.server";
export type * from "./types";
