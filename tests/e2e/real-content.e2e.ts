import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studioContent } from "../support/test-content";
import { openBrowser, type Site, startSite } from "./support/harness";
import { htmlErrors } from "./support/html-checker";
import { layoutFindings } from "./support/layout-guard";

/**
 * The studio's real content, every page of it: the one browser test that loads `content/`
 * rather than the tests' own (tests/fixtures/content). Whatever the editors have written, each
 * page answers, is valid HTML and is laid out without a rough edge at a phone's and a desktop's
 * width. It asserts nothing about what the content says or how much of it there is: an office
 * added or an offer closed changes which pages are visited, not the outcome.
 *
 * The pages are the sitemap's (every language) plus those it leaves out: the account screens,
 * the forms and a 404.
 */

/** Pages the sitemap leaves out (forms, account screens, an unknown address), in every language. */
const unlisted: Array<[string, number]> = [
  ["/account/login", 200],
  ["/account/create", 200],
  ["/alerts", 200],
  ["/support/report", 200],
  ["/contact", 200],
  ["/playtesting", 200],
  ["/this-page-does-not-exist", 404],
];
const prefixes = ["", "/fr", "/es"];

describe("the studio's real content", () => {
  let site: Site;
  let browser: Browser;
  let pages: Array<[string, number]>;

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite({ env: { CONTENT_DIR: studioContent } }), openBrowser()]);
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(listed.length, "pages in the sitemap").toBeGreaterThan(0);
    const extra = prefixes.flatMap((prefix) =>
      unlisted.map(([path, status]) => [prefix + path, status] as const),
    );
    pages = [...new Map([...listed.map((path) => [path, 200] as const), ...extra])];
  });

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it("answers every page, and the W3C HTML checker finds no error in any", { timeout: 300_000 }, async () => {
    const html: Record<string, string> = {};
    const statuses: string[] = [];
    for (const [address, status] of pages) {
      const res = await fetch(site.url + address, { redirect: "manual" });
      if (res.status !== status) statuses.push(`${address}: ${res.status}, not ${status}`);
      html[address] = await res.text();
    }
    expect(statuses).toEqual([]);
    expect(await htmlErrors(html)).toEqual([]);
  });

  for (const width of [375, 1280]) {
    it(`fits every page at ${width} px: nothing wider than the window, no cut control, no empty band`, {
      timeout: 600_000,
    }, async () => {
      const found = await layoutFindings(
        browser,
        site,
        pages.map(([address]) => address),
        width,
      );
      // One assertion, so a failure lists every kind of finding at once.
      expect(found, `layout defects at ${width}px`).toEqual({ overflow: [], controls: [], band: [] });
    });
  }
});
