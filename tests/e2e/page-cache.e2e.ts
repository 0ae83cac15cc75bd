import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBrowser, openPage, type Site, startSite, waitForHydration } from "./support/harness";

/**
 * The page cache on the production build (PAGE_CACHE_TTL_SECONDS set): anonymous visitors get
 * the stored page, which hydrates under its hash-based CSP; anyone with a personal cookie gets a
 * fresh render. Invalidation and the cookie rules in detail: page-cache.db.test.ts.
 */
describe("page cache", () => {
  let site: Site;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([
      startSite({ env: { PAGE_CACHE_TTL_SECONDS: "60" } }),
      openBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  it("serves the careers page from the cache on the second anonymous request", async () => {
    const first = await fetch(`${site.url}/careers`);
    const firstHtml = await first.text();
    const second = await fetch(`${site.url}/careers`);
    const html = await second.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    // No element carries a nonce (the inline script that starts the page's module copies one
    // when there is one: its text names the property).
    expect(html).not.toMatch(/<[^>]*\snonce="/);
    expect(html.length).toBeGreaterThan(firstHtml.length - 2000);
    const csp = second.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    expect(csp).not.toContain("'nonce-");
    // A visitor with a personal cookie (a second-factor step) never sees the shared copy.
    const personal = await fetch(`${site.url}/careers`, { headers: { cookie: "studio_mfa=abc" } });
    expect(personal.headers.get("x-page-cache")).toBeNull();
    expect(await personal.text()).toMatch(/<script nonce="/);
  });

  it("a cached page hydrates in the browser without CSP violations", async () => {
    const { page } = await openPage(browser);
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${site.url}/fr/careers`);
    const response = await page.reload();
    expect(response?.headers()["x-page-cache"]).toBe("hit");
    // Hydrated: React took over the document, so the inline scripts the hashes allow all ran.
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
  });
});
