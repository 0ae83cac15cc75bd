import { and, eq } from "drizzle-orm";
import { offerPageLanguages } from "~/features/jobs";
import { openOfferSql } from "~/features/jobs/index.server";
import type { Db } from "~/platform/db/client.server";
import { faqCategories, faqItems, jobOffers, offices } from "~/platform/db/schema/content";
import { newsArticles } from "~/platform/db/schema/news";
import { pressKits } from "~/platform/db/schema/press";
import { type Language, languages } from "~/platform/i18n/languages";
import type { SitemapSource } from "./sitemap-handle";

/** One page of a route with parameters: the values of its parameters, and what it says of itself. */
export type SitemapPageParams = {
  params: Readonly<Record<string, string>>;
  /** When the page exists in fewer languages than its route. */
  languages?: readonly Language[];
  lastmod?: string;
};

/**
 * The pages of each route with parameters that sitemap.xml lists, as a route's handle names
 * them (sitemap-handle.ts). Only pages that are public and indexable: closed or past-closing
 * offers and archived press kits carry noindex.
 */
export const sitemapSources: Record<SitemapSource, (db: Db, now: Date) => Promise<SitemapPageParams[]>> = {
  async offices(db) {
    const rows = await db.select({ slug: offices.slug }).from(offices).orderBy(offices.sort, offices.slug);
    return rows.map((row) => ({ params: { slug: row.slug } }));
  },

  async "open-job-offers"(db, now) {
    const rows = await db
      .select({
        id: jobOffers.id,
        texts: jobOffers.texts,
        updatedAt: jobOffers.updatedAt,
        officeSlug: offices.slug,
      })
      .from(jobOffers)
      .innerJoin(offices, eq(offices.id, jobOffers.officeId))
      .where(openOfferSql(now))
      .orderBy(jobOffers.id);
    return rows.map((job) => ({
      params: { id: String(job.id) },
      languages: offerPageLanguages(
        job.officeSlug,
        languages.filter((l) => job.texts[l] !== undefined),
      ),
      lastmod: job.updatedAt.toISOString(),
    }));
  },

  async articles(db) {
    const rows = await db
      .select({ slug: newsArticles.slug, publishedOn: newsArticles.publishedOn })
      .from(newsArticles)
      .orderBy(newsArticles.publishedOn);
    return rows.map((row) => ({ params: { slug: row.slug }, lastmod: row.publishedOn }));
  },

  async "support-categories"(db) {
    const rows = await db
      .select({ slug: faqCategories.slug })
      .from(faqCategories)
      .where(eq(faqCategories.section, "support"))
      .orderBy(faqCategories.sort);
    return rows.map((row) => ({ params: { slug: row.slug } }));
  },

  async "support-faqs"(db) {
    const rows = await db
      .select({ slug: faqItems.slug })
      .from(faqItems)
      .innerJoin(faqCategories, eq(faqCategories.id, faqItems.categoryId))
      .where(eq(faqCategories.section, "support"))
      .orderBy(faqItems.id);
    return rows.map((row) => ({ params: { slug: row.slug } }));
  },

  // Game press kits; the studio's kit is /press itself and archived kits carry noindex.
  async "game-press-kits"(db) {
    const rows = await db
      .select({ slug: pressKits.slug, updatedOn: pressKits.updatedOn })
      .from(pressKits)
      .where(and(eq(pressKits.kind, "game"), eq(pressKits.archived, false)))
      .orderBy(pressKits.sort, pressKits.slug);
    return rows.map((row) => ({ params: { slug: row.slug }, lastmod: row.updatedOn }));
  },
};
