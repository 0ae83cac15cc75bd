/**
 * The shapes the job-offer queries return: plain, serializable objects whose texts are already
 * in the requested language. Kept apart from the queries so components can import the types
 * without touching server code.
 */
import type { Office } from "~/features/offices";
import type { Language } from "~/platform/i18n/languages";
import type { JobSalary } from "./tables";

export type { JobSalary };

/** The careers filters' vocabularies: teams, position levels, commitments. */
export type TaxonomyKind = "team" | "level" | "commitment";
export type TaxonomyTerm = { slug: string; label: string };

export type JobOfferOffice = Pick<
  Office,
  "slug" | "name" | "country" | "countryCode" | "address" | "timezone" | "inEu" | "artFocus"
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

/**
 * What a job's card in a list shows (careers' JobList): the title and its language, the office,
 * team, level and commitment by name. A list page sends its browsers this, not the whole
 * summary: the page carries its loader's data for hydration, and a summary's office address,
 * salary and dates were half of the careers page's data (`jobCard`).
 */
export type JobCard = Pick<JobOfferSummary, "id" | "title" | "textLanguage"> & {
  office: Pick<JobOfferOffice, "name" | "country">;
  team: Pick<TaxonomyTerm, "label">;
  level: Pick<TaxonomyTerm, "label">;
  commitment: Pick<TaxonomyTerm, "label">;
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
