import { and, asc, count, eq, ne, type SQL, sql } from "drizzle-orm";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { type Language, languages, pick } from "~/platform/i18n/languages";
import { renderMarkdown } from "~/platform/markdown/markdown.server";
import { foldSql } from "~/platform/text/fold-sql.server";
import { type FaqSearchInput, faqSearchLimits, searchTerms } from "./faq-search";
import { faqCategories, faqItems } from "./tables";
import type {
  FaqArticle,
  FaqCategory,
  FaqCategoryDetail,
  FaqCategorySummary,
  FaqEntry,
  FaqGroup,
  FaqPage,
  FaqSection,
  FaqSummary,
} from "./types";

/**
 * The FAQ queries, for the playtesting, internships and support pages and the FAQ API
 * (/api/faq-categories, /api/faqs). Texts come back in the requested language (English when a
 * text is missing); search looks at every language, ignoring case and accents, so "contrasena"
 * finds "contraseña".
 */

const text = (value: Partial<Record<Language, string>> | null | undefined, lang: Language) =>
  pick(value, lang) ?? "";

const EXCERPT_LENGTH = 180;

/** The opening of a Markdown answer as plain text, cut at a word with an ellipsis. */
export function excerpt(markdown: string, length = EXCERPT_LENGTH): string {
  const plain = markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?]+$/, "")}…`;
}

const allLanguages = (column: typeof faqItems.title | typeof faqItems.description) =>
  sql.join(
    languages.map((lang) => sql`coalesce(${column}->>${lang}, '')`),
    sql` || ' ' || `,
  );

/** LIKE pattern for a folded term: the term anywhere, its wildcards taken literally. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toSummary(
  item: typeof faqItems.$inferSelect,
  category: { slug: string; title: Partial<Record<Language, string>> },
  lang: Language,
): FaqSummary {
  return {
    id: item.id,
    slug: item.slug,
    title: text(item.title, lang),
    excerpt: excerpt(text(item.description, lang)),
    category: { slug: category.slug, title: text(category.title, lang) },
  };
}

/** A section's categories with their answers (Markdown), in the studio's order (memoized). */
export function listFaq(db: Db, section: FaqSection, lang: Language): Promise<FaqCategory[]> {
  return sharedContentMemo(db)(`faq|${section}|${lang}`, () => readFaq(db, section, lang));
}

async function readFaq(db: Db, section: FaqSection, lang: Language): Promise<FaqCategory[]> {
  const rows = await db
    .select({ category: faqCategories, item: faqItems })
    .from(faqCategories)
    .leftJoin(faqItems, eq(faqItems.categoryId, faqCategories.id))
    .where(eq(faqCategories.section, section))
    .orderBy(asc(faqCategories.sort), asc(faqCategories.id), asc(faqItems.sort));
  const categories = new Map<number, FaqCategory>();
  for (const { category, item } of rows) {
    let entry = categories.get(category.id);
    if (!entry) {
      entry = {
        id: category.id,
        slug: category.slug,
        title: text(category.title, lang),
        description: category.description ? text(category.description, lang) : null,
        items: [],
      };
      categories.set(category.id, entry);
    }
    if (item) {
      entry.items.push({
        id: item.id,
        slug: item.slug,
        title: text(item.title, lang),
        description: text(item.description, lang),
      });
    }
  }
  return [...categories.values()];
}

/**
 * A section's FAQ by category, answers rendered from Markdown to sanitized HTML (memoized: the
 * rendering costs more than the query).
 */
export function listFaqGroups(db: Db, section: FaqSection, lang: Language): Promise<FaqGroup[]> {
  return sharedContentMemo(db)(`faq-groups|${section}|${lang}`, async () => {
    const categories = await listFaq(db, section, lang);
    return categories.map((category) => ({
      ...category,
      items: category.items.map(({ description, ...item }) => ({
        ...item,
        html: renderMarkdown(description),
      })),
    }));
  });
}

/**
 * The answers that name a game (content `games:`), in the FAQ's order, rendered as FaqList shows
 * them: the game's page lists them.
 */
export function listGameFaqs(db: Db, game: string, lang: Language): Promise<FaqEntry[]> {
  return sharedContentMemo(db)(`faq-game|${game}|${lang}`, async () => {
    const rows = await db
      .select({
        id: faqItems.id,
        slug: faqItems.slug,
        title: faqItems.title,
        description: faqItems.description,
      })
      .from(faqItems)
      .innerJoin(faqCategories, eq(faqItems.categoryId, faqCategories.id))
      .where(sql`${faqItems.games} @> ${JSON.stringify([game])}::jsonb`)
      .orderBy(
        asc(faqCategories.section),
        asc(faqCategories.sort),
        asc(faqCategories.id),
        asc(faqItems.sort),
      );
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: text(row.title, lang),
      html: renderMarkdown(text(row.description, lang)),
    }));
  });
}

export async function listFaqCategories(
  db: Db,
  lang: Language,
  options: { section?: FaqSection } = {},
): Promise<FaqCategorySummary[]> {
  const rows = await sharedContentMemo(db)(`faq-categories|${options.section ?? ""}`, () =>
    db
      .select({ category: faqCategories, count: count(faqItems.id) })
      .from(faqCategories)
      .leftJoin(faqItems, eq(faqItems.categoryId, faqCategories.id))
      .where(options.section ? eq(faqCategories.section, options.section) : undefined)
      .groupBy(faqCategories.id)
      .orderBy(asc(faqCategories.section), asc(faqCategories.sort), asc(faqCategories.id)),
  );
  return rows.map(({ category, count }) => ({
    id: category.id,
    slug: category.slug,
    section: category.section,
    title: text(category.title, lang),
    description: category.description ? text(category.description, lang) : null,
    count,
  }));
}

/** A category with its answers, or null when no category has this slug. */
export async function getFaqCategory(
  db: Db,
  slug: string,
  lang: Language,
): Promise<FaqCategoryDetail | null> {
  const [category] = await db.select().from(faqCategories).where(eq(faqCategories.slug, slug));
  if (!category) return null;
  const items = await db
    .select()
    .from(faqItems)
    .where(eq(faqItems.categoryId, category.id))
    .orderBy(asc(faqItems.sort), asc(faqItems.id));
  return {
    id: category.id,
    slug: category.slug,
    section: category.section,
    title: text(category.title, lang),
    description: category.description ? text(category.description, lang) : null,
    count: items.length,
    items: items.map((item) => toSummary(item, category, lang)),
  };
}

/**
 * Answers by category and/or text, a page at a time. Every word of the query must appear in
 * the question or answer, in any language; questions matching in the visitor's language rank
 * first, then questions matching in another language, then answers that only mention it.
 */
export async function searchFaqs(db: Db, input: FaqSearchInput): Promise<FaqPage> {
  const { lang, page } = input;
  const pageSize = input.pageSize ?? faqSearchLimits.defaultPageSize;
  const terms = searchTerms(input.q ?? "");
  const titleHere = foldSql(sql`coalesce(${faqItems.title}->>${lang}, ${faqItems.title}->>'en', '')`);
  const titleAny = foldSql(allLanguages(faqItems.title));
  const bodyAny = foldSql(allLanguages(faqItems.description));

  const conditions: SQL[] = [];
  if (input.section) conditions.push(eq(faqCategories.section, input.section));
  if (input.category) conditions.push(eq(faqCategories.slug, input.category));
  for (const term of terms) {
    const pattern = likePattern(term);
    conditions.push(sql`(${titleAny} like ${pattern} or ${bodyAny} like ${pattern})`);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const score = sql.join(
    terms.map((term) => {
      const pattern = likePattern(term);
      return sql`(case when ${titleHere} like ${pattern} then 4 when ${titleAny} like ${pattern} then 2 else 0 end + case when ${bodyAny} like ${pattern} then 1 else 0 end)`;
    }),
    sql` + `,
  );

  const [totalRow] = await db
    .select({ total: count() })
    .from(faqItems)
    .innerJoin(faqCategories, eq(faqItems.categoryId, faqCategories.id))
    .where(where);
  const total = totalRow?.total ?? 0;
  const rows = await db
    .select({ item: faqItems, category: { slug: faqCategories.slug, title: faqCategories.title } })
    .from(faqItems)
    .innerJoin(faqCategories, eq(faqItems.categoryId, faqCategories.id))
    .where(where)
    .orderBy(
      ...(terms.length ? [sql`${score} desc`] : []),
      asc(faqCategories.sort),
      asc(faqCategories.id),
      asc(faqItems.sort),
      asc(faqItems.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map(({ item, category }) => toSummary(item, category, lang)),
    total,
    page,
    pageSize,
    pageCount: Math.ceil(total / pageSize),
  };
}

const RELATED_LIMIT = 4;

/** One answer with its category and related questions, or null when no answer has this slug. */
export async function getFaq(db: Db, slug: string, lang: Language): Promise<FaqArticle | null> {
  const [row] = await db
    .select({ item: faqItems, category: faqCategories })
    .from(faqItems)
    .innerJoin(faqCategories, eq(faqItems.categoryId, faqCategories.id))
    .where(eq(faqItems.slug, slug));
  if (!row) return null;
  const { item, category } = row;
  const related = await db
    .select()
    .from(faqItems)
    .where(and(eq(faqItems.categoryId, category.id), ne(faqItems.id, item.id)))
    .orderBy(asc(faqItems.sort), asc(faqItems.id))
    .limit(RELATED_LIMIT);
  const description = text(item.description, lang);
  return {
    id: item.id,
    slug: item.slug,
    title: text(item.title, lang),
    description,
    html: renderMarkdown(description),
    category: { slug: category.slug, title: text(category.title, lang), section: category.section },
    related: related.map((other) => toSummary(other, category, lang)),
  };
}

/** The support section's category slugs, in their order (a page each in sitemap.xml). */
export async function listSupportCategorySlugs(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: faqCategories.slug })
    .from(faqCategories)
    .where(eq(faqCategories.section, "support"))
    .orderBy(faqCategories.sort);
  return rows.map((row) => row.slug);
}

/** The support section's answer slugs, by id (a page each in sitemap.xml). */
export async function listSupportFaqSlugs(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: faqItems.slug })
    .from(faqItems)
    .innerJoin(faqCategories, eq(faqCategories.id, faqItems.categoryId))
    .where(eq(faqCategories.section, "support"))
    .orderBy(faqItems.id);
  return rows.map((row) => row.slug);
}
