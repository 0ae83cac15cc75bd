import type { NewsArticleData } from "~/features/content/parse-tree.server";
import { type Localized, languages } from "~/platform/i18n/languages";
import { normalizeSearchText } from "./news-taxonomy";

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
  return [...new Set(normalizeSearchText(query).split(" ").filter(Boolean))].slice(0, 8);
}
