import { date, index, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";
import type { CoverArt } from "~/ui/art/art";

/**
 * Blog and news articles (content/news/<slug>/{en,fr,es}.md), copied here by the content loader.
 * Every article is written in every language; texts are stored per language as { en, fr, es }.
 */
export const newsArticles = pgTable(
  "news_articles",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    /** A category slug (see NEWS_CATEGORIES in features/blog). */
    category: text("category").notNull(),
    /** Tag slugs, the same in every language; labels come from the `blog` catalog. */
    tags: jsonb("tags").$type<string[]>().notNull(),
    publishedOn: date("published_on", { mode: "string" }).notNull(),
    author: text("author").notNull(),
    /** Path of the cover image under public/ (a 1200 × 630 JPEG). */
    cover: text("cover").notNull(),
    /** How the cover is cut from a scene (front matter `coverArt`); null: a plain image. */
    coverArt: jsonb("cover_art").$type<CoverArt>(),
    /** A YouTube or Twitch video's address, played in the article after a click; null: none. */
    trailer: text("trailer"),
    title: jsonb("title").$type<Localized>().notNull(),
    summary: jsonb("summary").$type<Localized>().notNull(),
    /** Markdown per language, rendered and sanitized when shown. */
    body: jsonb("body").$type<Localized>().notNull(),
    /**
     * Title, summary and body per language in lower case without accents or Markdown marks, so a
     * search for "quebec" finds "Québec" (see news-search.ts).
     */
    searchText: jsonb("search_text").$type<Localized>().notNull(),
  },
  (t) => [index("news_articles_published_idx").on(t.publishedOn)],
);
