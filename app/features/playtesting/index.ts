/* playtesting: its face. */
export {
  CurrentPlaytests,
  Eligibility,
  HowItWorks,
  PlaytestCards,
  PlaytestFaq,
  SignUpByLocation,
  signUpSectionId,
  WhatIsPlaytesting,
} from "./PlaytestSections";
export { PlaytestStatusView } from "./PlaytestStatusView";
export { hasPlaytestSection, playtestLocations } from "./playtest-locations";
export { SurveyFlow } from "./SurveyFlow";
export type { CurrentPlaytest } from "./types";
