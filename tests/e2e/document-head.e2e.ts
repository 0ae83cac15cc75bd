import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consentChosen,
  openBrowser,
  openPage,
  type Site,
  sharedSite,
  waitForHydration,
} from "./support/harness";

/** The `<link>`s of a served page's head, in document order, as `rel href` pairs. */
async function headLinks(site: Site, path: string): Promise<{ rel: string; href: string }[]> {
  const html = await (await fetch(`${site.url}${path}`)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => ({
    rel: /\brel="([^"]*)"/.exec(tag)?.[1] ?? "",
    href: /\bhref="([^"]*)"/.exec(tag)?.[1] ?? /\bimageSrcSet="([^"]*)"/i.exec(tag)?.[1] ?? "",
  }));
}

/**
 * What the browser needs for the first paint comes first: a phone fetches a few files at a
 * time, and the ~35 modules a page hydrates with must not hold up its stylesheets, fonts or the
 * art of its largest paint (app/platform/http/page-scripts.server.ts).
 */
describe("document head", () => {
  let site: Site;
  let browser: Browser;
  beforeAll(async () => {
    site = sharedSite();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const path of ["/", "/careers", "/blog", "/fr/support"]) {
    it(`lists the stylesheets of ${path}, the frame's first and once each, and preloads no module`, async () => {
      const links = await headLinks(site, path);
      const stylesheets = links.filter((link) => link.rel === "stylesheet").map((link) => link.href);
      expect(stylesheets[0]).toMatch(/^\/assets\/root-[\w-]+\.css$/);
      expect(new Set(stylesheets).size).toBe(stylesheets.length);
      expect(links.filter((link) => link.rel === "modulepreload")).toEqual([]);
    });
  }

  // The largest paint of most pages: the home page's key art, a page header's scene.
  for (const [path, art] of [
    ["/", /hero-640\.avif 640w/],
    ["/careers", /\/art\/pages\/careers\/wide-\d+\.avif \d+w/],
  ] as const) {
    it(`preloads the art at the top of ${path} before its stylesheets`, async () => {
      const links = await headLinks(site, path);
      const preload = links.findIndex((link) => link.rel === "preload" && art.test(link.href));
      expect(preload).toBeGreaterThanOrEqual(0);
      expect(preload).toBeLessThan(links.findIndex((link) => link.rel === "stylesheet"));
    });
  }

  it("hydrates with one link per stylesheet, and shows the next page only once its stylesheets apply", async () => {
    // openPage fails the test on any console error, hydration mismatches included.
    const { page, context } = await openPage(browser);
    // A visitor who already chose: the cookie banner stays out of the way of the hero's link.
    await context.addCookies(consentChosen(site.url));
    const careersSheets = (await headLinks(site, "/careers"))
      .filter((link) => link.rel === "stylesheet")
      .map((link) => link.href);
    await page.goto(`${site.url}/`);
    await waitForHydration(page);
    const sheets = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => ({
          href: link.getAttribute("href"),
          applied: link.sheet !== null,
        })),
      );
    const onHome = await sheets();
    expect(new Set(onHome.map((sheet) => sheet.href)).size).toBe(onHome.length);
    expect(
      careersSheets.filter((href) => !onHome.some((sheet) => sheet.href === href)).length,
    ).toBeGreaterThan(0);

    // The stylesheets as the first job card enters the document: all of the page's, applied.
    await page.evaluate(() => {
      const w = window as unknown as { sheetsAtCards?: (string | null)[] };
      new MutationObserver((_, observer) => {
        if (!document.querySelector(".job-card")) return;
        observer.disconnect();
        w.sheetsAtCards = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
          .filter((link) => link.sheet !== null)
          .map((link) => link.getAttribute("href"));
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.locator(".home-hero").getByRole("link").first().click();
    await page.waitForURL(`${site.url}/careers`);
    const atCards = await page
      .waitForFunction(() => (window as unknown as { sheetsAtCards?: string[] }).sheetsAtCards)
      .then((handle) => handle.jsonValue());
    expect(atCards).toEqual(expect.arrayContaining(careersSheets));
    const onCareers = await sheets();
    expect(new Set(onCareers.map((sheet) => sheet.href)).size).toBe(onCareers.length);
  });
  // ui/styles/fonts.css: the cut Latin faces stand in for @fontsource-variable's only while their
  // descriptors are the same; otherwise the complete files load as well (seen: 80 KB more).
  for (const path of ["/", "/fr/careers", "/es/support"]) {
    it(`draws the text of ${path} with the two preloaded fonts and no other font file`, async () => {
      const { page } = await openPage(browser, { width: 375 });
      await page.goto(`${site.url}${path}`);
      await page.evaluate(() => document.fonts.ready);
      const { preloaded, fetched } = await page.evaluate(() => ({
        preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')]
          .map((link) => new URL(link.href).pathname)
          .sort(),
        fetched: performance
          .getEntriesByType("resource")
          .map((entry) => new URL(entry.name).pathname)
          .filter((pathname) => pathname.endsWith(".woff2"))
          .sort(),
      }));
      expect(preloaded).toEqual([
        expect.stringMatching(/^\/assets\/inter-latin-[\w-]+\.woff2$/),
        expect.stringMatching(/^\/assets\/outfit-latin-[\w-]+\.woff2$/),
      ]);
      expect(fetched).toEqual(preloaded);
    });
  }

  it("asks for its first module once the page has painted, each module once, and hydrates", async () => {
    const { page } = await openPage(browser, { width: 375 });
    await page.goto(`${site.url}/careers`);
    await waitForHydration(page);
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(paint).not.toBeNull();
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.filter((script) => script.start < (paint ?? 0))).toEqual([]);
    expect(new Set(scripts.map((script) => script.url)).size).toBe(scripts.length);
  });
});
