import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBrowser, openPage, type Site, startSite, waitForHydration } from "./support/harness";

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
 * What the browser needs for the first paint comes first in the head: a phone fetches a few
 * files at a time, and the ~30 modules a page preloads for hydration must not hold up its
 * stylesheets (or the art of its largest paint) on the way.
 */
describe("document head", () => {
  let site: Site;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  for (const path of ["/", "/careers", "/blog", "/fr/support"]) {
    it(`lists the stylesheets of ${path}, once each, before its modulepreloads`, async () => {
      const links = await headLinks(site, path);
      const rels = links.map((link) => link.rel);
      const stylesheets = links.filter((link) => link.rel === "stylesheet").map((link) => link.href);
      expect(stylesheets.length).toBeGreaterThan(1);
      expect(new Set(stylesheets).size).toBe(stylesheets.length);
      expect(rels.indexOf("modulepreload")).toBeGreaterThan(rels.lastIndexOf("stylesheet"));
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
    await context.addCookies([
      { name: "cookieconsent_status", value: "1", url: site.url },
      { name: "cookieanalytcs_status", value: "0", url: site.url },
    ]);
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
  it("asks for the modules it preloads at a low priority, each once, and hydrates", async () => {
    const { page, context } = await openPage(browser, { width: 375 });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const scripts: { url: string; priority: string }[] = [];
    cdp.on("Network.requestWillBeSent", (event) => {
      if (event.request.url.endsWith(".js"))
        scripts.push({ url: new URL(event.request.url).pathname, priority: event.request.initialPriority });
    });
    const preloaded = (await headLinks(site, "/careers"))
      .filter((link) => link.rel === "modulepreload")
      .map((link) => link.href);
    expect(preloaded.length).toBeGreaterThan(10);
    await page.goto(`${site.url}/careers`);
    await waitForHydration(page);
    const asked = scripts.filter((script) => preloaded.includes(script.url));
    // React Router's own links for the same modules (after ours) add no request.
    expect(asked.map((script) => script.url).sort()).toEqual([...new Set(preloaded)].sort());
    expect(asked.filter((script) => script.priority !== "Low")).toEqual([]);
  });
});
