/* Playtesting's server face. */

export { playtestPersonalData } from "./personal-data.server";
export { playtestSitesKind } from "./playtest-site-kind.server";
export { surveysKind } from "./survey-kind.server";
export { playtestCommands } from "./tools.server";
