import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { parseTrailerUrl } from "~/features/embeds";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { type Language, localizePath, pick } from "~/platform/i18n/languages";
import { renderMarkdown } from "~/platform/markdown/markdown.server";
import type { NewsQuery } from "./news-query";
import { searchWords } from "./news-search.server";
import type { NewsCategory, NewsTag } from "./news-taxonomy";
import { newsArticles } from "./tables";
import type { NewsArticle, NewsArticleLink, NewsArticleSummary, NewsCategoryCount, NewsPage } from "./types";

export type * from "./types";

/**
 * Read queries over the articles the content loader stored (content/news). The page and
 * `GET /api/open/office-news` both call these, so sorting, search and paging have one rule.
 */

const summaryColumns = {
  id: newsArticles.id,
  slug: newsArticles.slug,
  title: newsArticles.title,
  summary: newsArticles.summary,
  publishedOn: newsArticles.publishedOn,
  author: newsArticles.author,
  category: newsArticles.category,
  tags: newsArticles.tags,
  cover: newsArticles.cover,
  coverArt: newsArticles.coverArt,
};
type SummaryRow = Pick<typeof newsArticles.$inferSelect, keyof typeof summaryColumns>;

export function articlePath(slug: string, lang: Language): string {
  return localizePath(`/blog/${slug}`, lang);
}

function toSummary(row: SummaryRow, lang: Language): NewsArticleSummary {
  return {
    slug: row.slug,
    title: pick(row.title, lang) ?? row.slug,
    summary: pick(row.summary, lang) ?? "",
    date: row.publishedOn,
    author: row.author,
    category: row.category as NewsCategory,
    tags: row.tags as NewsTag[],
    cover: row.cover,
    coverArt: row.coverArt,
    url: articlePath(row.slug, lang),
  };
}

function toLink(row: SummaryRow, lang: Language): NewsArticleLink {
  return {
    slug: row.slug,
    title: pick(row.title, lang) ?? row.slug,
    date: row.publishedOn,
    url: articlePath(row.slug, lang),
  };
}

/** Newest first (same day: the later-loaded article first), or oldest first. */
function ordering(sort: NewsQuery["sort"]) {
  return sort === "oldest"
    ? [asc(newsArticles.publishedOn), asc(newsArticles.id)]
    : [desc(newsArticles.publishedOn), desc(newsArticles.id)];
}

/**
 * One page of articles matching the query; a page past the end is empty, with the true total.
 * Memoized with the other content reads (the same for every visitor until the content changes).
 */
export function listNews(db: Db, query: NewsQuery): Promise<NewsPage> {
  // Every field, named and in a fixed order (the type fails the build when one is left out).
  const key: { [K in keyof Required<NewsQuery>]: NewsQuery[K] } = {
    lang: query.lang,
    category: query.category,
    tag: query.tag,
    q: query.q,
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
  };
  return sharedContentMemo(db)(`news|${JSON.stringify(key)}`, () => readNews(db, key));
}

async function readNews(db: Db, query: NewsQuery): Promise<NewsPage> {
  const lang = query.lang;
  const filters: SQL[] = [];
  if (query.category) filters.push(eq(newsArticles.category, query.category));
  if (query.tag) filters.push(sql`${newsArticles.tags} @> ${JSON.stringify([query.tag])}::jsonb`);
  for (const word of searchWords(query.q)) {
    // Words are letters and digits only (normalized), so they hold no LIKE wildcard.
    filters.push(sql`(${newsArticles.searchText} ->> ${lang}) like ${`%${word}%`}`);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(newsArticles)
      .where(where)
      .orderBy(...ordering(query.sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(newsArticles).where(where),
  ]);
  const total = Number(totals?.total ?? 0);
  return {
    items: rows.map((row) => toSummary(row, lang)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

/** How many articles each category holds (categories without articles are left out). */
export async function listNewsCategories(db: Db): Promise<NewsCategoryCount[]> {
  const rows = await sharedContentMemo(db)("news-categories", () =>
    db
      .select({ category: newsArticles.category, count: count() })
      .from(newsArticles)
      .groupBy(newsArticles.category),
  );
  return rows.map((r) => ({ category: r.category as NewsCategory, count: Number(r.count) }));
}

/** The newest articles with their bodies, for the feed. */
export async function listFeedArticles(
  db: Db,
  lang: Language,
  limit = 20,
): Promise<Array<NewsArticleSummary & { html: string }>> {
  const rows = await db
    .select({ ...summaryColumns, body: newsArticles.body, trailer: newsArticles.trailer })
    .from(newsArticles)
    .orderBy(...ordering("latest"))
    .limit(limit);
  return rows.map((row) => ({ ...toSummary(row, lang), html: renderMarkdown(pick(row.body, lang) ?? "") }));
}

/** Articles sharing the category or tags, most shared tags first, then the newest. */
function relatedTo(article: SummaryRow, others: SummaryRow[], max = 3): SummaryRow[] {
  const tags = new Set(article.tags);
  return others
    .map((row) => ({
      row,
      score: row.tags.filter((tag) => tags.has(tag)).length * 2 + (row.category === article.category ? 1 : 0),
    }))
    .filter((entry) => entry.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score || b.row.publishedOn.localeCompare(a.row.publishedOn) || b.row.id - a.row.id,
    )
    .slice(0, max)
    .map((entry) => entry.row);
}

/** The stored trailer address as the page plays it, titled with the article. */
function trailerOf(url: string | null, title: string): NewsArticle["trailer"] {
  const trailer = url ? parseTrailerUrl(url) : null;
  return trailer ? { ...trailer, title } : null;
}

/** One article in a language, with its neighbours in time and related articles; null if unknown. */
export async function getNewsArticle(db: Db, slug: string, lang: Language): Promise<NewsArticle | null> {
  const [article] = await db
    .select({ ...summaryColumns, body: newsArticles.body, trailer: newsArticles.trailer })
    .from(newsArticles)
    .where(eq(newsArticles.slug, slug))
    .limit(1);
  if (!article) return null;
  // The whole list without bodies: a studio blog holds hundreds of articles at most.
  const all = await db
    .select(summaryColumns)
    .from(newsArticles)
    .orderBy(...ordering("oldest"));
  const index = all.findIndex((row) => row.id === article.id);
  const previous = index > 0 ? all[index - 1] : undefined;
  const next = index >= 0 && index < all.length - 1 ? all[index + 1] : undefined;
  return {
    ...toSummary(article, lang),
    lang,
    html: renderMarkdown(pick(article.body, lang) ?? ""),
    trailer: trailerOf(article.trailer, pick(article.title, lang) ?? article.slug),
    previous: previous ? toLink(previous, lang) : null,
    next: next ? toLink(next, lang) : null,
    related: relatedTo(
      article,
      all.filter((row) => row.id !== article.id),
    ).map((row) => toSummary(row, lang)),
  };
}

/** Every article's slug and publication date, oldest first (sitemap.xml lists them). */
export async function listArticleDates(db: Db): Promise<Array<{ slug: string; publishedOn: string }>> {
  return db
    .select({ slug: newsArticles.slug, publishedOn: newsArticles.publishedOn })
    .from(newsArticles)
    .orderBy(newsArticles.publishedOn);
}
