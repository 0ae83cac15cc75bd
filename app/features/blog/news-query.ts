import { z } from "zod";
import { languages } from "~/platform/i18n/languages";
import {
  NEWS_CATEGORIES,
  NEWS_MAX_PAGE_SIZE,
  NEWS_PAGE_SIZE,
  NEWS_QUERY_MAX,
  NEWS_SORTS,
  NEWS_TAGS,
} from "./news-taxonomy";

const positiveInt = (max?: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, "Must be a whole number")
    .transform(Number)
    .pipe(max === undefined ? z.int().min(1) : z.int().min(1).max(max));

/** An empty form field (`?q=&category=`) means "no filter", as a GET form sends it. */
const blankAsUndefined = (value: unknown) => (value === "" ? undefined : value);

/**
 * The article list's query, shared by `GET /api/open/office-news` and the blog page (whose
 * search form sends the same names). Unknown parameters are refused, so a typo is a 400 rather
 * than a silently ignored filter.
 */
export const newsQuerySchema = z.strictObject({
  lang: z.enum(languages).default("en"),
  sort: z.preprocess(blankAsUndefined, z.enum(NEWS_SORTS).default("latest")),
  q: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .max(NEWS_QUERY_MAX, `Must have at most ${NEWS_QUERY_MAX} characters`)
      .optional()
      .transform((value) => value || undefined),
  ),
  category: z.preprocess(blankAsUndefined, z.enum(NEWS_CATEGORIES).optional()),
  tag: z.preprocess(blankAsUndefined, z.enum(NEWS_TAGS).optional()),
  page: z.preprocess(blankAsUndefined, positiveInt().default(1)),
  pageSize: z.preprocess(blankAsUndefined, positiveInt(NEWS_MAX_PAGE_SIZE).default(NEWS_PAGE_SIZE)),
});
export type NewsQuery = z.output<typeof newsQuerySchema>;
