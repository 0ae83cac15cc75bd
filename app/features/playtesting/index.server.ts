/* Playtesting's server face. */

export { signNda } from "./nda.server";
export { playtestPersonalData } from "./personal-data.server";
export { getSurvey, listCurrentPlaytests, listPlaytestSites } from "./playtest.server";
export { createPlaytestApi } from "./playtest-api.server";
export { playtestSitesKind } from "./playtest-site-kind.server";
export { confirmSeat, declineSession, signupsOf } from "./playtest-status.server";
export { playtestStatusPage } from "./playtest-status-page.server";
export { playtestStatusSource, sessionCalendarByLink } from "./playtest-status-source.server";
export { playtestReminderTask } from "./reminder.server";
export { playtestRetentionTask } from "./retention.server";
export { sessionCalendar } from "./session-calendar.server";
export { findSignupBySurveyToken, removeSignup, SignupRefused, signUpPlaytester } from "./signup.server";
export { playtestSignupSchema } from "./signup-form";
export { submitSurvey, surveyLimit } from "./survey.server";
export { type AnswerProblem, answersFromForm, localizeSurvey } from "./survey-definition";
export { surveysKind } from "./survey-kind.server";
export { playtestCommands } from "./tools.server";
