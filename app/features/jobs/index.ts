/* The job offers' public face for components and routes (safe in the browser). */
export { jobCard } from "./job-card";
export { formatSalaryAmounts } from "./job-display";
export { filtersFromSearch, jobFilterSchema, jobFilterValue } from "./job-filter-schema";
export {
  filterSlugMaxLength,
  hasFilters,
  type JobFilterChoices,
  type JobFilterKey,
  type JobFilters,
  jobFilterKeys,
  jobSearchLimits,
  knownFiltersOnly,
  searchFromFilters,
  unknownFilterKeys,
} from "./job-filters";
export { jobPostingJsonLd } from "./job-posting";
export {
  frenchFirstOffices,
  isFrenchFirstOffice,
  offerPageLanguages,
  offerTextLanguage,
} from "./offer-languages";
export type { JobOfferText } from "./tables";
export type * from "./types";
