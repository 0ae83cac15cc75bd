import { formatDate } from "~/platform/i18n/format";
import { type Language, localizePath } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import type { ArticleCardData } from "./ArticleCard";
import { type NewsQuery, newsQuerySchema } from "./news-query";
import type { NewsArticleSummary } from "./types";

/** Dates formatted on the server, so the browser's ICU data cannot change them at hydration. */
export function withDateLabel<T extends NewsArticleSummary>(article: T, lang: Language): T & ArticleCardData {
  return { ...article, dateLabel: formatDate(article.date, lang) };
}

const pageKeys = ["q", "sort", "category", "tag", "page"] as const;

/**
 * The blog page's query from its address. Unlike the API, a page forgives: a value it cannot
 * use (an old link's category, a hand-typed page number) is dropped instead of failing the page,
 * and other parameters (campaign tags) are ignored.
 */
export function blogPageQuery(url: URL, lang: Language): NewsQuery {
  const input: Record<string, string> = { lang };
  for (const key of pageKeys) {
    const value = url.searchParams.get(key);
    if (value !== null) input[key] = value;
  }
  const first = newsQuerySchema.safeParse(input);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete input[String(issue.path[0])];
  return newsQuerySchema.parse(input);
}

/** The `<link rel="alternate" type="application/atom+xml">` of a language's feed. */
export async function feedLink(lang: Language, studio: string) {
  const t = await translator(lang, "blog");
  return { href: localizePath("/blog/feed.xml", lang), title: t("feed.title", { studio }) };
}
