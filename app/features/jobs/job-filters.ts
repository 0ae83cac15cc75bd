import { z } from "zod";
import { formMessage } from "~/platform/forms/messages";
import { slugMaxLength, slugRegExp } from "~/platform/text/slug";

/**
 * The careers filters as the address spells them (shared by the careers page, its GET form, the
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

/**
 * One filter's value: a slug (lowercase letters and digits, words joined by hyphens) of at most
 * filterSlugMaxLength characters, trimmed; "all" or absent means no filter.
 */
export const jobFilterValue = z
  .string()
  .trim()
  .max(filterSlugMaxLength, formMessage("maxLength", { max: filterSlugMaxLength }))
  .regex(slugRegExp, formMessage("invalidOption"))
  .optional()
  .transform((value) => (value === "all" ? undefined : value));

/** The text query: trimmed, at most jobSearchLimits.maxQuery characters; empty means none. */
export const jobQueryText = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .string()
    .trim()
    .max(jobSearchLimits.maxQuery, formMessage("maxLength", { max: jobSearchLimits.maxQuery }))
    .optional(),
);

/**
 * The careers filters, one schema for the careers pages, the job-offers API (strict: a bad value
 * is a 400) and job alerts (which keep the four slugs).
 */
export const jobFilterSchema = z.object({
  location: jobFilterValue,
  team: jobFilterValue,
  level: jobFilterValue,
  commitment: jobFilterValue,
  query: jobQueryText,
});

/** A filter value from a page address; a malformed one is no filter. */
function filterValue(value: string | null): string | undefined {
  const parsed = jobFilterValue.safeParse(value ?? undefined);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The filters a page address asks for. Pages are forgiving (a stale shared link still shows the
 * list); the API is strict and answers 400 instead (job-search.server.ts).
 */
export function filtersFromSearch(search: URLSearchParams): JobFilters & { page: number } {
  const filters: JobFilters & { page: number } = { page: 1 };
  for (const key of jobFilterKeys) {
    const value = filterValue(search.get(key));
    if (value) filters[key] = value;
  }
  if (!filters.location) {
    const studio = filterValue(search.get("studio"));
    if (studio) filters.location = studio;
  }
  const query = search.get("query")?.trim().slice(0, jobSearchLimits.maxQuery);
  if (query) filters.query = query;
  const page = Number(search.get("page"));
  if (Number.isSafeInteger(page) && page > 1 && page <= jobSearchLimits.maxPage) filters.page = page;
  return filters;
}

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
