/* Playtesting's server face. */
export { playtestSitesKind } from "./playtest-site-kind.server";
export { surveysKind } from "./survey-kind.server";
export { playtestCommands } from "./tools.server";
