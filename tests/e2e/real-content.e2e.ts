import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studioContent } from "../support/test-content";
import { type CrawledPage, crawl } from "./support/crawl";
import { openBrowser, type Site, startSite } from "./support/harness";
import { htmlErrors } from "./support/html-checker";
import { layoutFindings } from "./support/layout-guard";

/**
 * The studio's real content, as a visitor finds it: the one browser test that loads `content/`
 * rather than the tests' own (tests/fixtures/content). Whatever the editors have written, each
 * page answers, is valid HTML and is laid out without a rough edge at a phone's and a desktop's
 * width. It asserts nothing about what the content says or how much of it there is: an office
 * added or an offer closed changes which pages are visited, not the outcome.
 *
 * The pages are those reachable from the home page of each language by following links
 * (support/crawl.ts: an archived press kit or a filtered list is found as soon as something
 * links to it; token pages, downloads and feeds left out), at most two of each template per
 * language (`templates` there: an article, a job, an office, a kit, an FAQ answer or category,
 * a game, a list under a query), plus a 404.
 */

const notFound = "/this-page-does-not-exist";

describe("the studio's real content", () => {
  let site: Site;
  let browser: Browser;
  let pages: CrawledPage[];

  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite({ env: { CONTENT_DIR: studioContent } }), openBrowser()]);
    ({ pages } = await crawl(site.url));
    // What the crawl reached: the sitemap's kinds of page and those it leaves out (an archived
    // kit, the forms), in every language. A link lost from the menus shows here first.
    const paths = pages.map((page) => page.path);
    for (const path of [
      "/",
      "/fr",
      "/es",
      "/press/emberfall-tactics-2016",
      "/es/account/login",
      "/fr/contact",
    ]) {
      expect(paths, "pages reached by links").toContain(path);
    }
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it("answers every page reached, and the W3C HTML checker finds no error in any", {
    timeout: 300_000,
  }, async () => {
    const missing = await fetch(site.url + notFound);
    expect(missing.status).toBe(404);
    const html: Record<string, string> = { [notFound]: await missing.text() };
    const statuses: string[] = [];
    for (const page of pages) {
      if (page.status !== 200) statuses.push(`${page.path}: ${page.status}`);
      html[page.path] = page.html;
    }
    expect(statuses).toEqual([]);
    expect(await htmlErrors(html)).toEqual([]);
  });

  for (const width of [375, 1280]) {
    it(`fits every page at ${width} px: nothing wider than the window, no cut control, no empty band, no stretched picture${
      width < 640 ? ", no address broken inside a word" : ""
    }`, { timeout: 600_000 }, async () => {
      const found = await layoutFindings(browser, site, [...pages.map((page) => page.path), notFound], width);
      // One assertion, so a failure lists every kind of finding at once.
      expect(found, `layout defects at ${width}px`).toEqual({
        overflow: [],
        controls: [],
        band: [],
        images: [],
        words: [],
      });
    });
  }
});
