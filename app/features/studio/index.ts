export type { SocialLink, SocialNetwork, StudioInfo } from "./types";
export { socialNetworks } from "./types";
