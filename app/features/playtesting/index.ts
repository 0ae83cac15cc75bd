/* playtesting: its face. */
export {
  type CurrentPlaytest,
  CurrentPlaytests,
  Eligibility,
  HowItWorks,
  PlaytestFaq,
  SignUpByLocation,
  signUpSectionId,
  WhatIsPlaytesting,
} from "./PlaytestSections";
export { PlaytestStatusView } from "./PlaytestStatusView";
export { hasPlaytestSection, playtestLocations } from "./playtest-locations";
export { SurveyFlow } from "./SurveyFlow";
