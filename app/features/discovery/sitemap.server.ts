import type { Db } from "~/platform/db/client.server";
import {
  defaultLanguage,
  type Language,
  languages,
  languageTags,
  localizePath,
} from "~/platform/i18n/languages";
import type { SitemapHandle } from "./sitemap-handle";
import { type SitemapPageParams, sitemapSources } from "./sitemap-sources.server";

/**
 * sitemap.xml (https://www.sitemaps.org/protocol.html with Google's xhtml:link hreflang
 * alternates): every page whose route declares itself in its `handle` (sitemap-handle.ts), in
 * every language it exists in. Read from React Router's route manifest, so the addresses are
 * the routes' own.
 */

export type SitemapPage = {
  /** English path ("/careers/12"). */
  path: string;
  languages: readonly Language[];
  lastmod?: string;
};

/** The part of a server build's `routes` the sitemap reads. */
export type RouteManifest = Readonly<
  Record<
    string,
    | { id: string; parentId?: string; path?: string; index?: boolean; module: { handle?: unknown } }
    | undefined
  >
>;

/** The language prefix every page sits under; a page's English address has none. */
const LANGUAGE_SEGMENT = ":lang?";

/** A route's address pattern from the root, without the language prefix ("/careers/:id"). */
function patternOf(routes: RouteManifest, id: string): string {
  const segments: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) segments.unshift(...route.path.split("/").filter((s) => s && s !== LANGUAGE_SEGMENT));
  }
  return `/${segments.join("/")}`;
}

function fill(pattern: string, page: SitemapPageParams, routeId: string): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = page.params[name];
    if (value === undefined) throw new Error(`sitemap: route ${routeId} needs parameter ${name}`);
    return encodeURIComponent(value);
  });
}

export async function listSitemapPages(
  db: Db,
  routes: RouteManifest,
  now = new Date(),
): Promise<SitemapPage[]> {
  const declared = Object.values(routes).flatMap((route) => {
    const handle = route?.module.handle as SitemapHandle | undefined;
    const sitemap = handle?.sitemap;
    if (!route || !sitemap) return [];
    return [
      { id: route.id, pattern: patternOf(routes, route.id), sitemap, routeLanguages: handle?.languages },
    ];
  });
  const lists = await Promise.all(
    declared.map(({ id, pattern, sitemap, routeLanguages }) => {
      if (sitemap === true) {
        if (pattern.includes(":"))
          throw new Error(`sitemap: route ${id} has parameters; name its pages' list`);
        return [{ path: pattern, languages: routeLanguages ?? languages }];
      }
      return sitemapSources[sitemap.pages](db, now).then((pages) =>
        pages.map((page) => ({
          path: fill(pattern, page, id),
          languages: page.languages ?? routeLanguages ?? languages,
          lastmod: page.lastmod,
        })),
      );
    }),
  );
  return lists.flat();
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
