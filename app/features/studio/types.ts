/**
 * The studio's details as getStudioInfo (studio.server.ts) returns them: plain, serializable,
 * texts in the requested language. Kept apart from the query so components can import the
 * types without touching server code.
 */
import type { GameSummary } from "~/features/games";
import type { SocialLink } from "~/ui/frame/site-identity";

// The site frame draws the social links, so it owns the list of networks a link may name.
export { type SocialLink, type SocialNetwork, socialNetworks } from "~/ui/frame/site-identity";

export type StudioInfo = {
  name: string;
  shortName: string;
  /** Path under public/, e.g. "/brand/logo.svg". */
  logo: string;
  tagline: string;
  /** The studio's main site (external; opens in a new tab). */
  website: string;
  forumsUrl: string;
  businessUrl: string;
  /**
   * One figure for "over N people" (the specification's copy says both 400 and 500:
   * docs/requirements.md#home).
   */
  companySize: number;
  foundedYear: number;
  email: { general: string; press: string; recruiting: string; support: string; privacy: string };
  socialLinks: SocialLink[];
  games: GameSummary[];
};
