/* Playtesting's server face. */

export { signNda } from "./nda.server";
export { playtestPersonalData } from "./personal-data.server";
export { playtestSitesKind } from "./playtest-site-kind.server";
export { confirmSeat, declineSession, signupsOf } from "./playtest-status.server";
export { playtestStatusPage } from "./playtest-status-page.server";
export { sessionCalendar } from "./session-calendar.server";
export { surveysKind } from "./survey-kind.server";
export { playtestCommands } from "./tools.server";
