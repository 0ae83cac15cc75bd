import { and, eq, gt, isNull, or } from "drizzle-orm";
import { offerPageLanguages } from "~/features/careers/offer-languages";
import type { Db } from "~/platform/db/client.server";
import { faqCategories, faqItems, jobOffers, offices } from "~/platform/db/schema/content";
import { newsArticles } from "~/platform/db/schema/news";
import { pressKits } from "~/platform/db/schema/press";
import {
  defaultLanguage,
  type Language,
  languages,
  languageTags,
  localizePath,
} from "~/platform/i18n/languages";

/**
 * sitemap.xml (https://www.sitemaps.org/protocol.html with Google's xhtml:link hreflang
 * alternates): every public page in every language it exists in. Forms that only make sense
 * from a link (survey, removal), account pages and search results are left out; so are closed
 * or past-closing offers, whose pages carry noindex.
 */

export type SitemapPage = {
  /** English path ("/careers/12"). */
  path: string;
  languages: readonly Language[];
  lastmod?: string;
};

/** Public pages with a fixed address (see app/routes.ts). */
const staticPaths = [
  "/",
  "/careers",
  "/internships",
  "/blog",
  "/playtesting",
  "/support",
  "/support/report",
  "/support/patches",
  "/press",
  "/contact",
  "/alerts",
  "/privacy",
  "/fan-content-policy",
  "/tos",
  "/gdpr",
];

/** Careers location pages exist in en and fr only (§2): the es address redirects to en. */
const locationLanguages: readonly Language[] = ["en", "fr"];

export async function listSitemapPages(db: Db, now = new Date()): Promise<SitemapPage[]> {
  const [officeRows, jobRows, articleRows, categoryRows, itemRows, kitRows] = await Promise.all([
    db.select({ slug: offices.slug }).from(offices).orderBy(offices.sort, offices.slug),
    db
      .select({
        id: jobOffers.id,
        texts: jobOffers.texts,
        updatedAt: jobOffers.updatedAt,
        officeSlug: offices.slug,
      })
      .from(jobOffers)
      .innerJoin(offices, eq(offices.id, jobOffers.officeId))
      .where(and(eq(jobOffers.status, "open"), or(isNull(jobOffers.closesAt), gt(jobOffers.closesAt, now))))
      .orderBy(jobOffers.id),
    db
      .select({ slug: newsArticles.slug, publishedOn: newsArticles.publishedOn })
      .from(newsArticles)
      .orderBy(newsArticles.publishedOn),
    db
      .select({ slug: faqCategories.slug })
      .from(faqCategories)
      .where(eq(faqCategories.section, "support"))
      .orderBy(faqCategories.sort),
    db
      .select({ slug: faqItems.slug })
      .from(faqItems)
      .innerJoin(faqCategories, eq(faqCategories.id, faqItems.categoryId))
      .where(eq(faqCategories.section, "support"))
      .orderBy(faqItems.id),
    // Game press kits; the studio's kit is /press itself and archived kits carry noindex.
    db
      .select({ slug: pressKits.slug, updatedOn: pressKits.updatedOn })
      .from(pressKits)
      .where(and(eq(pressKits.kind, "game"), eq(pressKits.archived, false)))
      .orderBy(pressKits.sort, pressKits.slug),
  ]);

  const pages: SitemapPage[] = staticPaths.map((path) => ({ path, languages }));
  for (const office of officeRows) {
    pages.push({ path: `/careers/locations/${office.slug}`, languages: locationLanguages });
  }
  for (const job of jobRows) {
    const written = languages.filter((l) => job.texts[l] !== undefined);
    pages.push({
      path: `/careers/${job.id}`,
      languages: offerPageLanguages(job.officeSlug, written),
      lastmod: job.updatedAt.toISOString(),
    });
  }
  for (const article of articleRows) {
    pages.push({ path: `/blog/${article.slug}`, languages, lastmod: article.publishedOn });
  }
  for (const category of categoryRows) pages.push({ path: `/support/category/${category.slug}`, languages });
  for (const item of itemRows) pages.push({ path: `/support/faq/${item.slug}`, languages });
  for (const kit of kitRows) pages.push({ path: `/press/${kit.slug}`, languages, lastmod: kit.updatedOn });
  return pages;
}

function xmlEscape(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** One <url> per page and language, each naming all its languages (and x-default) as alternates. */
export function renderSitemap(pages: SitemapPage[], origin: string): string {
  const base = origin.replace(/\/$/, "");
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const page of pages) {
    if (page.languages.length === 0) continue;
    const href = (lang: Language) => xmlEscape(base + localizePath(page.path, lang));
    const xDefault = page.languages.includes(defaultLanguage) ? defaultLanguage : page.languages[0]!;
    const alternates = [
      ...page.languages.map(
        (lang) => `    <xhtml:link rel="alternate" hreflang="${languageTags[lang]}" href="${href(lang)}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${href(xDefault)}"/>`,
    ];
    for (const lang of page.languages) {
      lines.push("  <url>", `    <loc>${href(lang)}</loc>`);
      if (page.lastmod) lines.push(`    <lastmod>${xmlEscape(page.lastmod)}</lastmod>`);
      lines.push(...alternates, "  </url>");
    }
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

/** robots.txt: every page may be crawled (private ones say noindex themselves); the API is not pages. */
export function renderRobots(origin: string): string {
  const base = origin.replace(/\/$/, "");
  return [
    "User-agent: *",
    "Disallow: /api/",
    "Disallow: /consent",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
