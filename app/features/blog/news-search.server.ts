import { type Localized, languages } from "~/platform/i18n/languages";
import { queryWords } from "~/platform/text/fold";
import type { NewsArticleData } from "./article-kind.server";
import { NEWS_QUERY_MAX, normalizeSearchText } from "./news-taxonomy";

/** What the search looks through for each language: title, summary and body, normalized. */
export function newsSearchText(article: Pick<NewsArticleData, "title" | "summary" | "body">): Localized {
  return Object.fromEntries(
    languages.map((lang) => [
      lang,
      normalizeSearchText([article.title[lang], article.summary[lang], article.body[lang]].join(" ")),
    ]),
  ) as Localized;
}

/** The words of a visitor's query as the stored text spells them; at most eight are used. */
export function searchWords(query: string | undefined): string[] {
  if (!query) return [];
  return queryWords(query, { maxLength: NEWS_QUERY_MAX, maxWords: 8 });
}
