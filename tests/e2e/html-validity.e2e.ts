import { beforeAll, describe, expect, it } from "vitest";
import { type Site, sharedSite } from "./support/harness";
import { htmlErrors } from "./support/html-checker";

/**
 * The W3C HTML checker (support/html-checker.ts) on the rendered HTML of one page of every
 * route, in English, plus a French and a Spanish page: no error.
 */

/**
 * One page per route pattern, from the sitemap where the pattern is listed (its first English
 * page), by address otherwise.
 */
const listedPatterns: Array<[string, RegExp]> = [
  ["home", /^\/$/],
  ["careers", /^\/careers$/],
  ["job", /^\/careers\/\d+$/],
  ["careers location", /^\/careers\/locations\/[^/]+$/],
  ["internships", /^\/internships$/],
  ["playtesting", /^\/playtesting$/],
  ["contact", /^\/contact$/],
  ["blog", /^\/blog$/],
  ["article", /^\/blog\/[^/]+$/],
  ["game", /^\/games\/[^/]+$/],
  ["press", /^\/press$/],
  ["press kit", /^\/press\/[^/]+$/],
  ["support", /^\/support$/],
  ["support category", /^\/support\/category\/[^/]+$/],
  ["FAQ", /^\/support\/faq\/[^/]+$/],
  ["patches", /^\/support\/patches$/],
  ["privacy", /^\/privacy$/],
  ["fan content policy", /^\/fan-content-policy$/],
  ["terms", /^\/tos$/],
  ["GDPR", /^\/gdpr$/],
];

/** Pages the sitemap leaves out, with the status each answers. */
const unlisted: Array<[string, number]> = [
  ["/alerts", 200],
  ["/alerts/manage/1/not-a-token", 404],
  ["/playtesting/survey", 200],
  ["/support/report", 200],
  ["/support/search?q=crash", 200],
  ["/account/login", 200],
  ["/account/create", 200],
  ["/account/forgot", 200],
  ["/this-page-does-not-exist", 404],
  // A French and a Spanish page: their own texts, dates and numbers.
  ["/fr/careers/locations/quebec", 200],
  ["/es/playtesting", 200],
];

describe("HTML validity", () => {
  let site: Site;

  beforeAll(async () => {
    site = sharedSite();
  });

  it("the W3C HTML checker reports no error on a page of every route", { timeout: 180_000 }, async () => {
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    const pages: Array<[string, number]> = listedPatterns.map(([name, pattern]) => {
      const found = listed.find((pathname) => pattern.test(pathname));
      if (!found) throw new Error(`the sitemap lists no ${name} page`);
      return [found, 200];
    });
    pages.push(...unlisted);

    const html: Record<string, string> = {};
    for (const [address, status] of pages) {
      const res = await fetch(site.url + address, { redirect: "manual" });
      expect(res.status, address).toBe(status);
      html[address] = await res.text();
    }
    expect(await htmlErrors(html)).toEqual([]);
  });
});
