/**
 * The site as a visitor finds it: every same-origin page reachable from the home page of each
 * language by following its links, fetched over HTTP (no browser), so a page no list names (an
 * archived press kit, a filtered list) is found as long as something links to it. Left out:
 * what is not a page (the API, assets, files and downloads, feeds, calendars), the pages a
 * token opens (an e-mailed link: status, data-rights requests, alert settings) and `mailto:` or
 * other schemes. Pages of one template (an article, a job, a kit, a list under a query) are
 * many and laid out alike: at most `perTemplate` of each are kept per language, the first found,
 * and one page of each under a query.
 * Press kits are not sampled: there are few, and an archived one is laid out from files of its
 * own (thumbnails), not from the site's art.
 */

/** Pages laid out by one route (docs/requirements.md#languages-and-routes), sampled. */
export const templates: ReadonlyArray<readonly [string, RegExp]> = [
  ["/blog/:slug", /^\/blog\/[^/]+$/],
  ["/careers/locations/:slug", /^\/careers\/locations\/[^/]+$/],
  ["/careers/:id", /^\/careers\/[^/]+$/],
  ["/games/:slug", /^\/games\/[^/]+$/],
  ["/support/category/:slug", /^\/support\/category\/[^/]+$/],
  ["/support/faq/:slug", /^\/support\/faq\/[^/]+$/],
];

/** Not pages, or pages only an e-mailed token opens. */
const excluded: readonly RegExp[] = [
  /^\/(api|assets|images|brand|fonts)\//,
  /\/download(\/|$)/,
  /\.[a-z0-9]{2,4}$/i,
  /^\/status\/[^/]+/,
  /^\/privacy\/requests\/[^/]+/,
  /^\/alerts\/manage\//,
];

/**
 * Links that reopen the page they are on with a panel open (the cookie settings, linked from
 * every footer): the same layout again, and the panel is the consent tests'.
 */
const samePageQueries = ["cookie-settings"];

const languagePrefix = /^\/(fr|es)(?=\/|$)/;

/** The template a page belongs to, by language: its route's pattern, and the query's names. */
function templateOf(url: URL): string {
  const lang = languagePrefix.exec(url.pathname)?.[1] ?? "en";
  const path = url.pathname.replace(languagePrefix, "") || "/";
  const route = templates.find(([, pattern]) => pattern.test(path))?.[0] ?? path;
  const query = [...new Set(url.searchParams.keys())].sort().join("&");
  return `${lang} ${route}${query ? `?${query}` : ""}`;
}

function linksIn(html: string, base: URL): URL[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].flatMap(([, href]) => {
    try {
      const url = new URL(href!.replaceAll("&amp;", "&"), base);
      url.hash = "";
      return [url];
    } catch {
      return [];
    }
  });
}

export type CrawledPage = { path: string; status: number; html: string };

/**
 * Follows links from `/`, `/fr` and `/es`. Returns the pages visited (address with its query,
 * status, document) and, per template, how many addresses were found and how many visited.
 */
export async function crawl(
  origin: string,
  { perTemplate = 2, limit = 500, concurrency = 4 } = {},
): Promise<{ pages: CrawledPage[]; templates: Record<string, { found: number; visited: number }> }> {
  const root = new URL(origin);
  const queue = ["/", "/fr", "/es"].map((path) => new URL(path, root));
  const seen = new Set(queue.map((url) => url.href));
  const counts: Record<string, { found: number; visited: number }> = {};
  const pages: CrawledPage[] = [];
  // A few pages at a time: the crawl is in the test's time budget, and the site renders them in
  // parallel as it would for several visitors.
  while (queue.length > 0 && pages.length < limit) {
    const batch: URL[] = [];
    while (queue.length > 0 && batch.length < concurrency) {
      const url = queue.shift()!;
      const template = templateOf(url);
      const count = counts[template] ?? { found: 0, visited: 0 };
      counts[template] = count;
      count.found += 1;
      // A list under a query (a filter, a sort, a page) is the list's layout again: one is enough.
      if (count.visited >= (url.search ? 1 : perTemplate)) continue;
      count.visited += 1;
      batch.push(url);
    }
    const fetched = await Promise.all(
      batch.map(async (url) => {
        const res = await fetch(url);
        const html = res.headers.get("content-type")?.includes("text/html") ? await res.text() : "";
        return { url, res, html };
      }),
    );
    for (const { url, res, html } of fetched) {
      pages.push({ path: url.pathname + url.search, status: res.status, html });
      for (const link of linksIn(html, new URL(res.url))) {
        if (link.origin !== root.origin || seen.has(link.href)) continue;
        if (excluded.some((pattern) => pattern.test(link.pathname))) continue;
        if (samePageQueries.some((name) => link.searchParams.has(name))) continue;
        seen.add(link.href);
        queue.push(link);
      }
    }
  }
  return { pages, templates: counts };
}
