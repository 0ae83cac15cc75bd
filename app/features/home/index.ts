/* home: its face. */
export { AwardsSection } from "./AwardsSection";
export { GamesSection } from "./GamesSection";
export { HomeBanner } from "./HomeBanner";
export { HomeHero } from "./HomeHero";
export { StudioStory } from "./StudioStory";
export { ValuePanels } from "./ValuePanels";
