import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAxeClean, openBrowser, openPage, type Site, sharedSite } from "./support/harness";

// The browser reports the 404 document itself as a failed resource; that line is expected here.
const notFoundLine = [/status of 404/];

describe("error pages", () => {
  let site: Site;
  let browser: Browser;
  beforeAll(async () => {
    site = sharedSite();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const path of ["/no-such-page", "/de/careers", "/fr/nowhere/at/all", "/xx"]) {
    it(`answers 404 with the 'Page not found' page for ${path}`, async () => {
      const { page } = await openPage(browser, { allowErrors: notFoundLine });
      const response = await page.goto(site.url + path);
      expect(response?.status()).toBe(404);
      await expect
        .poll(() => page.locator("h1").textContent())
        .toBe(path.startsWith("/fr/") ? "Page introuvable" : "Page not found");
      if (!path.startsWith("/fr/")) {
        expect(await page.textContent("body")).toContain("This page could not be found");
      }
      const home = page.getByRole("link", {
        name: path.startsWith("/fr/") ? "Aller à l’accueil" : "Go to Homepage",
      });
      await expect.poll(() => home.getAttribute("href")).toBe(path.startsWith("/fr/") ? "/fr" : "/");
      // The shell has the studio's own data (the root loader ran): its name in the footer.
      expect(await page.locator("footer").textContent()).toContain("Stormkettle Studios");
    });
  }

  it("answers a form post to an unknown language with 404", async () => {
    const res = await fetch(`${site.url}/de/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
      body: new URLSearchParams({ name: "A", email: "a@example.com", message: "Hello there" }),
    });
    expect(res.status).toBe(404);
  });

  it("shows the 404 page in the site's full frame: header with the main menu, footer, and the main links", async () => {
    for (const width of [375, 1280]) {
      const { page } = await openPage(browser, { width, allowErrors: notFoundLine });
      const response = await page.goto(`${site.url}/fr/nowhere`);
      expect(response?.status()).toBe(404);
      const header = page.locator("header.site-header");
      // The full header (not the simple layout's minimal one), with the main menu in the page.
      expect(await header.getAttribute("data-variant")).toBe("full");
      expect(await page.locator("header.site-header nav.primary-nav").count()).toBe(1);
      if (width === 1280) {
        expect(await page.getByRole("navigation", { name: "Principal" }).isVisible()).toBe(true);
      }
      expect(await page.locator("footer.site-footer:not(.site-footer--compact)").count()).toBe(1);
      const links = page.getByRole("navigation", { name: "Autres pages" }).getByRole("link");
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
        "/fr/careers",
        "/fr/blog",
        "/fr/support",
        "/fr/contact",
      ]);
      expect(await links.first().isVisible()).toBe(true);
    }
  });

  it("shows the site's error page, in the address's language, for an address with a control character", async () => {
    const { page } = await openPage(browser, { allowErrors: [/status of 400/] });
    const response = await page.goto(`${site.url}/fr/careers?q=a%00b`);
    expect(response?.status()).toBe(400);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Une erreur s’est produite");
    expect(await page.getByRole("link", { name: "Aller à l’accueil" }).getAttribute("href")).toBe("/fr");
    // The root's error boundary has the site's full frame too.
    expect(await page.locator("header.site-header").getAttribute("data-variant")).toBe("full");
    expect(await page.locator("header.site-header nav.primary-nav").count()).toBe(1);
  });

  it("redirects the English prefix to the unprefixed address, keeping the query", async () => {
    const res = await fetch(`${site.url}/en/careers?team=art`, { redirect: "manual" });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/careers?team=art");
  });

  it("shows the 404 page accessibly on a phone and a desktop", async () => {
    for (const width of [375, 1280]) {
      const { page } = await openPage(browser, { width, allowErrors: notFoundLine });
      await page.goto(`${site.url}/missing`);
      await expectAxeClean(page, `404 at ${width}px`);
    }
  });

  it("answers unknown API paths with JSON messages, not the HTML page", async () => {
    const res = await fetch(`${site.url}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect((await res.json()).messages).toHaveLength(1);
  });
});
