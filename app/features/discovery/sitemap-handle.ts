import type { Language } from "~/platform/i18n/languages";

/** The lists of pages a route with parameters can be listed from (sitemap-sources.server.ts). */
export type SitemapSource =
  | "offices"
  | "open-job-offers"
  | "articles"
  | "support-categories"
  | "support-faqs"
  | "game-press-kits"
  | "games";

/**
 * What a page route declares in its `handle` export to be listed in sitemap.xml: `sitemap: true`
 * for a page with a fixed address, `sitemap: { pages }` naming the list its addresses are made
 * from for a route with parameters. Listed in `languages` (which the frame's language switcher
 * reads too), else in the languages each listed page gives, else in all. A route that declares
 * nothing is not listed (forms only reached from a link, personal pages, search results).
 */
export type SitemapHandle = {
  sitemap?: true | { pages: SitemapSource };
  languages?: readonly Language[];
};
