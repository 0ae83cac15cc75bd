export { gamesKind } from "./game-kind.server";
export { listGames } from "./games.server";
// Its tables, for the features that join or read them.
export { games } from "./tables";
export type * from "./types";
