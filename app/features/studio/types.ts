/**
 * The shapes the studio queries (studio.server.ts) return: plain, serializable objects whose
 * texts are already in the requested language. Kept apart from the queries so components can
 * import the types without touching server code.
 */
import type { JobSalary, OfficeAddress } from "~/platform/db/schema/content";
import type { Language } from "~/platform/i18n/languages";

export type { JobSalary, OfficeAddress };

export const socialNetworks = [
  "x",
  "youtube",
  "instagram",
  "linkedin",
  "facebook",
  "tiktok",
  "discord",
  "twitch",
] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export type SocialLink = { network: SocialNetwork; url: string; label: string };

export type GameSummary = { slug: string; name: string; tagline: string; image: string | null };

export type Game = GameSummary & {
  description: string;
  platforms: string[];
  /** ISO date (YYYY-MM-DD) or null when unannounced. */
  releaseDate: string | null;
  website: string | null;
};

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
  /** One figure for "over N people" (the spec's copy says both 400 and 500). */
  companySize: number;
  foundedYear: number;
  email: { general: string; press: string; recruiting: string; support: string; privacy: string };
  socialLinks: SocialLink[];
  games: GameSummary[];
};

export type Office = {
  slug: string;
  /** The city as the site names the office, e.g. "Quebec City". */
  name: string;
  country: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  continent: "europe" | "north-america" | "asia";
  address: OfficeAddress;
  latitude: number;
  longitude: number;
  /** IANA time zone, e.g. "America/Toronto". */
  timezone: string;
  email: string | null;
  phone: string | null;
  summary: string;
  image: string | null;
  /** Offers here publish pay (EU pay-transparency directive). */
  inEu: boolean;
};

export type TaxonomyKind = "team" | "level" | "commitment";
export type TaxonomyTerm = { slug: string; label: string };

export type ValuePanel = { slug: string; title: string; body: string; icon: string };
export type Award = {
  slug: string;
  title: string;
  organization: string;
  year: number;
  /** The game's display name, when the award is for one. */
  game: string | null;
};

export type HomeContent = {
  hero: { label: string; title: string; subtitle: string };
  /** Body texts are Markdown. */
  about: { title: string; body: string };
  vision: { title: string; body: string };
  banner: { title: string; body: string; linkLabel: string; link: string };
  valuePanels: ValuePanel[];
  awards: Award[];
  games: Game[];
};

export type FaqSection = "internships" | "playtesting" | "support";
export type FaqItem = { id: number; slug: string; title: string /** Markdown. */; description: string };
export type FaqCategory = {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  items: FaqItem[];
};

export type JobOfferOffice = Pick<
  Office,
  "slug" | "name" | "country" | "countryCode" | "address" | "timezone" | "inEu"
>;

export type JobOfferSummary = {
  id: number;
  slug: string;
  title: string;
  /** The language the title and texts are in (an offer is not always in all three). */
  textLanguage: Language;
  team: TaxonomyTerm;
  level: TaxonomyTerm;
  commitment: TaxonomyTerm;
  office: JobOfferOffice;
  salary: JobSalary | null;
  /** ISO timestamps. */
  publishedAt: string;
  closesAt: string | null;
};

export type JobOffer = JobOfferSummary & {
  /** Markdown. */
  description: string;
  responsibilities: string[];
  requirements: string[];
  /** False once closed or past its closing date: the page says so instead of offering to apply. */
  isOpen: boolean;
  applyUrl: string | null;
  /** Languages the offer is published in. */
  languages: Language[];
  /** Where the offer came from: "content" or a recruiting service's name. */
  source: string;
};
