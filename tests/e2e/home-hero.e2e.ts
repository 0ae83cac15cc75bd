import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  consentChosen,
  loadedWidth,
  openBrowser,
  openPage,
  type Site,
  sharedSite,
  waitForHydration,
} from "./support/harness";

/**
 * The home page's first screen: its key art is the largest paint, served as AVIF at a width
 * that suits the screen, preloaded, and nothing shifts while the page loads.
 */
describe("home hero", () => {
  let site: Site;
  let browser: Browser;

  beforeAll(async () => {
    site = sharedSite();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [375, 1280]) {
    it(`paints the key art first and shifts nothing at ${width} px`, async () => {
      const { page, context } = await openPage(browser, { width });
      // A visitor who already chose: the cookie banner is not part of the first screen here.
      await context.addCookies(consentChosen(site.url));
      await page.addInitScript(() => {
        const w = window as unknown as { lcp: string[]; cls: number };
        w.lcp = [];
        w.cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { url?: string; element?: Element }
          >) {
            w.lcp.push(entry.url || entry.element?.tagName || "text");
          }
        }).observe({ type: "largest-contentful-paint", buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput) w.cls += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
      });

      const html = await (await fetch(`${site.url}/`)).text();
      const preload = (html.match(/<link [^>]*>/g) ?? []).find(
        (tag) => /rel="preload"/.test(tag) && /imagesrcset/i.test(tag),
      );
      expect(preload).toMatch(/imagesrcset="[^"]*hero-640\.avif 640w/i);
      expect(preload).toMatch(/type="image\/avif"/);

      await page.goto(`${site.url}/`);
      await waitForHydration(page);
      const art = page.locator(".home-hero__art");
      expect(await loadedWidth(art)).toBeGreaterThan(0);
      const chosen = await art.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(chosen).toMatch(/\/images\/pages\/home\/hero-\d+\.avif$/);
      // A phone does not download the widest rendition, a desktop does not get the narrowest.
      const chosenWidth = Number(/hero-(\d+)\./.exec(chosen)![1]);
      if (width === 375) expect(chosenWidth).toBeLessThanOrEqual(1600);
      else expect(chosenWidth).toBeGreaterThanOrEqual(1280);

      const lcp = () => page.evaluate(() => (window as unknown as { lcp: string[] }).lcp);
      await expect.poll(async () => (await lcp()).at(-1)).toMatch(/hero-\d+\.avif$/);
      // Scroll to make the browser settle its layout-shift records, then read them.
      await page.mouse.wheel(0, 200);
      const cls = await page.evaluate(() => (window as unknown as { cls: number }).cls);
      expect(cls).toBeLessThan(0.1);
    });
  }
});
