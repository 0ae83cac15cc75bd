import { z } from "zod";
import { defaultLanguage, type Language, languages } from "~/platform/i18n/languages";

/** FAQ search rules shared by the browser (search as you type) and the server. */
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

/** Lower case without accents: "Contraseña" → "contrasena", "Réinitialiser" → "reinitialiser". */
export function foldText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[øØ]/g, "o")
    .replace(/[łŁ]/g, "l")
    .replace(/[đĐ]/g, "d")
    .replace(/ı/g, "i")
    .toLowerCase();
}

/** The distinct words of a query, folded; punctuation separates words. */
export function searchTerms(query: string): string[] {
  const words = foldText(query.slice(0, faqSearchLimits.maxQuery))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, faqSearchLimits.maxTerms);
}

const slug = z
  .string()
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Invalid slug");

export type FaqSearchInput = {
  lang: Language;
  q?: string;
  category?: string;
  section?: "internships" | "playtesting" | "support";
  page: number;
  pageSize?: number;
};

/** The query string of GET /api/faqs. */
export const faqSearchQuery = z.object({
  lang: z.enum(languages).default(defaultLanguage),
  q: z.string().max(faqSearchLimits.maxQuery).optional(),
  category: slug.optional(),
  section: z.enum(["internships", "playtesting", "support"]).optional(),
  page: z.coerce.number().int().min(1).max(faqSearchLimits.maxPage).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(faqSearchLimits.maxPageSize)
    .default(faqSearchLimits.defaultPageSize),
});

export const slugParam = slug;
