import { z } from "zod";
import { defaultLanguage, type Language, languages } from "~/platform/i18n/languages";
import { queryWords } from "~/platform/text/fold";
import { slugSchema } from "~/platform/text/slug-schema";
import { faqSearchLimits } from "./search-limits";
import { type FaqSection, faqSections } from "./types";

export { faqSearchLimits };

/** The distinct folded words of a query; punctuation separates words. */
export function searchTerms(query: string): string[] {
  return queryWords(query, { maxLength: faqSearchLimits.maxQuery, maxWords: faqSearchLimits.maxTerms });
}

const slug = slugSchema("Invalid slug");

export type FaqSearchInput = {
  lang: Language;
  q?: string;
  category?: string;
  section?: FaqSection;
  page: number;
  pageSize?: number;
};

/** The query string of GET /api/faqs. */
export const faqSearchQuery = z.object({
  lang: z.enum(languages).default(defaultLanguage),
  q: z.string().max(faqSearchLimits.maxQuery).optional(),
  category: slug.optional(),
  section: z.enum(faqSections).optional(),
  page: z.coerce.number().int().min(1).max(faqSearchLimits.maxPage).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(faqSearchLimits.maxPageSize)
    .default(faqSearchLimits.defaultPageSize),
});

export const slugParam = slug;
