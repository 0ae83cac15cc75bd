import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureHtml, scriptLoader } from "../../scripts/js-budget";
import {
  consentChosen,
  openBrowser,
  openOfferPath,
  openPage,
  type Site,
  sharedSite,
  waitForHydration,
} from "./support/harness";

/** The prefetches in the head, as `rel as href`. */
const prefetches = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="prefetch"]'),
    ].map((link) =>
      `${link.rel} ${link.getAttribute("as") ?? ""} ${link.getAttribute("href")}`.replace("  ", " "),
    ),
  );

/**
 * Links prefetch the pages the visitor can see once the page is idle (platform/http/prefetch.ts),
 * each file once: React Router's own prefetching inserted ~220 module preloads at that moment
 * on a phone-sized job page, most of them copies or modules the page already ran.
 */
describe("link prefetching", () => {
  let site: Site;
  let browser: Browser;
  let jobPath: string;
  beforeAll(async () => {
    site = sharedSite();
    browser = await openBrowser();
    jobPath = await openOfferPath(site);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("prefetches the careers page's code and data from a job page once idle, each file once and none the page runs", async () => {
    const { page, context } = await openPage(browser, { width: 375 });
    await context.addCookies(consentChosen(site.url));
    const html = await (await fetch(`${site.url}${jobPath}`)).text();
    const running = new Set(
      (await measureHtml(html, `${site.url}${jobPath}`, scriptLoader(site.url))).scripts.map(
        (script) => new URL(script.url).pathname,
      ),
    );
    await page.goto(`${site.url}${jobPath}`);
    await waitForHydration(page);
    await expect.poll(() => prefetches(page), { timeout: 10_000 }).toContain("prefetch fetch /careers.data");

    const links = await prefetches(page);
    expect(links.filter((link) => link.startsWith("modulepreload "))).toContainEqual(
      expect.stringMatching(/^modulepreload \/assets\/careers-[\w-]+\.js$/),
    );
    expect(links.length).toBeLessThan(60);
    expect(new Set(links).size).toBe(links.length);
    const preloaded = links
      .filter((link) => link.startsWith("modulepreload "))
      .map((link) => link.split(" ")[1]);
    expect(preloaded.filter((href) => running.has(href!))).toEqual([]);
  });

  it("prefetches a footer link's page only once the visitor scrolls to it", async () => {
    const { page } = await openPage(browser, { width: 375 });
    await page.goto(`${site.url}${jobPath}`);
    await waitForHydration(page);
    await expect.poll(() => prefetches(page), { timeout: 10_000 }).toContain("prefetch fetch /careers.data");
    expect(await prefetches(page)).not.toContain("prefetch fetch /tos.data");

    await page.locator('footer a[href="/tos"]').scrollIntoViewIfNeeded();
    await expect.poll(() => prefetches(page), { timeout: 10_000 }).toContain("prefetch fetch /tos.data");
  });

  it("follows a prefetched link to its page", async () => {
    // openPage fails the test on any console error.
    const { page, context } = await openPage(browser, { width: 375 });
    await context.addCookies(consentChosen(site.url));
    await page.goto(`${site.url}${jobPath}`);
    await waitForHydration(page);
    await expect.poll(() => prefetches(page), { timeout: 10_000 }).toContain("prefetch fetch /careers.data");
    await page.locator('a[href="/careers"]:visible').first().click();
    await page.waitForURL(`${site.url}/careers`);
    await expect.poll(() => page.locator(".job-card").count()).toBeGreaterThan(0);
  });
});
