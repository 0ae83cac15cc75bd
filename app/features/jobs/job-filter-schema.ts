import { z } from "zod";
import { formMessage } from "~/platform/forms/messages";
import { slugSchema } from "~/platform/text/slug-schema";
import { filterSlugMaxLength, type JobFilters, jobFilterKeys, jobSearchLimits } from "./job-filters";

// The careers filters' schemas, apart from job-filters.ts (which the careers list's components
// import) and made by functions rather than when the module loads: pages without a form then
// load no Zod (docs/decisions/0027-javascript-budget.md).

/**
 * One filter's value: a slug (lowercase letters and digits, words joined by hyphens) of at most
 * filterSlugMaxLength characters, trimmed; "all" or absent means no filter.
 */
export const jobFilterValue = () =>
  slugSchema(formMessage("invalidOption"), {
    trim: true,
    max: filterSlugMaxLength,
    tooLong: formMessage("maxLength", { max: filterSlugMaxLength }),
  })
    .optional()
    .transform((value) => (value === "all" ? undefined : value));

/** The text query: trimmed, at most jobSearchLimits.maxQuery characters; empty means none. */
export const jobQueryText = () =>
  z.preprocess(
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
export const jobFilterSchema = () =>
  z.object({
    location: jobFilterValue(),
    team: jobFilterValue(),
    level: jobFilterValue(),
    commitment: jobFilterValue(),
    query: jobQueryText(),
  });

let filterValueSchema: ReturnType<typeof jobFilterValue> | undefined;

/** A filter value from a page address; a malformed one is no filter. */
function filterValue(value: string | null): string | undefined {
  filterValueSchema ??= jobFilterValue();
  const parsed = filterValueSchema.safeParse(value ?? undefined);
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
