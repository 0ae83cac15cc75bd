import { slugMaxLength } from "~/platform/text/slug";

/**
 * The careers filters as the address spells them (their schemas and the address's reading are in
 * job-filter-schema.ts) (shared by the careers page, its GET form, the
 * job-offers API and the job-alert form's pre-fill): `location` (office slug), `team`, `level`,
 * `commitment` (taxonomy slugs), `query` (text) and `page`. "all" or absent means no filter;
 * `studio` is the older name for `location`.
 */
export const jobFilterKeys = ["location", "team", "level", "commitment"] as const;
export type JobFilterKey = (typeof jobFilterKeys)[number];

export type JobFilters = Partial<Record<JobFilterKey, string>> & { query?: string };

export const jobSearchLimits = {
  /** Longest text query kept. */
  maxQuery: 100,
  /** Words searched at most (each must match). */
  maxTerms: 8,
  defaultPageSize: 20,
  maxPageSize: 100,
  maxPage: 1000,
} as const;

/** A filter value names an office or a taxonomy term by its slug, at most this long. */
export const filterSlugMaxLength = slugMaxLength;

/** The canonical query string for filters: only the ones set, in a fixed order, no page 1. */
export function searchFromFilters(filters: JobFilters & { page?: number }): string {
  const params = new URLSearchParams();
  for (const key of jobFilterKeys) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (filters.query) params.set("query", filters.query);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function hasFilters(filters: JobFilters): boolean {
  return jobFilterKeys.some((key) => Boolean(filters[key])) || Boolean(filters.query);
}

/** What each filter offers: the offices and the taxonomy's terms, by slug. */
export type JobFilterChoices = Record<JobFilterKey, ReadonlyArray<{ slug: string }>>;

/** The filters whose value names none of the choices (a stale shared link, a typo). */
export function unknownFilterKeys(filters: JobFilters, choices: JobFilterChoices): JobFilterKey[] {
  return jobFilterKeys.filter((key) => {
    const value = filters[key];
    return Boolean(value) && !choices[key].some((choice) => choice.slug === value);
  });
}

/** The filters whose value names one of the choices offered; others dropped. */
export function knownFiltersOnly<F extends JobFilters>(filters: F, choices: JobFilterChoices): F {
  const known = { ...filters };
  for (const key of unknownFilterKeys(filters, choices)) delete known[key];
  return known;
}
