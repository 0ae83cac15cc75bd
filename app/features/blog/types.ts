import type { TrailerView } from "~/features/embeds";
import type { Language } from "~/platform/i18n/languages";
import type { CoverArt } from "~/ui/art/art";
import type { NewsCategory, NewsTag } from "./news-taxonomy";

/** An article in a list: texts in the requested language. */
export type NewsArticleSummary = {
  slug: string;
  title: string;
  summary: string;
  /** Publication day, YYYY-MM-DD. */
  date: string;
  author: string;
  category: NewsCategory;
  tags: NewsTag[];
  /** Path of the cover image under the site's root (1200 × 630 JPEG, see app/ui/art/art.ts). */
  cover: string;
  /** How the cover is cut from a scene (front matter `coverArt`), for its AVIF and WebP too; null: a plain image. */
  coverArt: CoverArt | null;
  /** The article's page in the requested language, e.g. /fr/blog/slug. */
  url: string;
};

export type NewsArticleLink = Pick<NewsArticleSummary, "slug" | "title" | "date" | "url">;

export type NewsArticle = NewsArticleSummary & {
  lang: Language;
  /** Its trailer (YouTube or Twitch), played after a click; titled with the article. */
  trailer: TrailerView | null;
  /** The body rendered from Markdown and sanitized. */
  html: string;
  /** The article published just before this one, and just after. */
  previous: NewsArticleLink | null;
  next: NewsArticleLink | null;
  /** Up to three articles sharing the category or tags, closest first. */
  related: NewsArticleSummary[];
};

export type NewsPage = {
  items: NewsArticleSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};

export type NewsCategoryCount = { category: NewsCategory; count: number };
