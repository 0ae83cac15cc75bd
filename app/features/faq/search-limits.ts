/**
 * FAQ search rules shared by the browser (search as you type) and the server. Apart from the
 * query's schema (faq-search.ts) so the support pages' search box does not bring Zod along.
 */
export const faqSearchLimits = {
  /** Longest query kept; the rest is ignored. */
  maxQuery: 100,
  /** Words searched at most (each must match). */
  maxTerms: 8,
  /** The search box asks the server from this many characters on. */
  minLiveQuery: 2,
  defaultPageSize: 10,
  maxPageSize: 50,
  maxPage: 1000,
} as const;
