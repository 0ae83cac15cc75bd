export { checkGameSlugs, gamesKind } from "./game-kind.server";
export { getGame, listGameSlugs, listGames } from "./games.server";
// Its tables, for the features that join or read them.
export { games } from "./tables";
export type * from "./types";
