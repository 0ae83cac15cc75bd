import { listArticleDates } from "~/features/blog/index.server";
import { listSupportCategorySlugs, listSupportFaqSlugs } from "~/features/faq/index.server";
import { listGameSlugs } from "~/features/games/index.server";
import { listOpenOfferPages } from "~/features/jobs/index.server";
import { listOfficeSlugs } from "~/features/offices/index.server";
import { listGamePressKitDates } from "~/features/press/index.server";
import type { Db } from "~/platform/db/client.server";
import type { Language } from "~/platform/i18n/languages";
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
 * them (sitemap-handle.ts), each read through its feature's public face. Only pages that are
 * public and indexable: closed or past-closing offers and archived press kits carry noindex.
 */
export const sitemapSources: Record<SitemapSource, (db: Db, now: Date) => Promise<SitemapPageParams[]>> = {
  async offices(db) {
    return (await listOfficeSlugs(db)).map((slug) => ({ params: { slug } }));
  },

  async "open-job-offers"(db, now) {
    return (await listOpenOfferPages(db, now)).map((offer) => ({
      params: { id: String(offer.id) },
      languages: offer.languages,
      lastmod: offer.updatedAt.toISOString(),
    }));
  },

  async articles(db) {
    return (await listArticleDates(db)).map((row) => ({
      params: { slug: row.slug },
      lastmod: row.publishedOn,
    }));
  },

  async "support-categories"(db) {
    return (await listSupportCategorySlugs(db)).map((slug) => ({ params: { slug } }));
  },

  async "support-faqs"(db) {
    return (await listSupportFaqSlugs(db)).map((slug) => ({ params: { slug } }));
  },

  async games(db) {
    return (await listGameSlugs(db)).map((slug) => ({ params: { slug } }));
  },

  // Game press kits; the studio's kit is /press itself and archived kits carry noindex.
  async "game-press-kits"(db) {
    return (await listGamePressKitDates(db)).map((row) => ({
      params: { slug: row.slug },
      lastmod: row.updatedOn,
    }));
  },
};
