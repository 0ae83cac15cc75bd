import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAxeClean,
  openBrowser,
  openPage,
  type Site,
  sharedSite,
  waitForHydration,
} from "./support/harness";

/**
 * Every screen of docs/requirements.md#languages-and-routes in every language: status, heading,
 * <html lang>, title and language alternates; the 404s of docs/requirements.md#error-page;
 * accessibility at desktop and phone widths; and a client-side navigation, so the pages' data
 * requests work as well as their server rendering.
 */
const languages = [
  { prefix: "", tag: "en" },
  { prefix: "/fr", tag: "fr-CA" },
  { prefix: "/es", tag: "es" },
] as const;

/** English paths; `:job` is replaced by an open offer's id read from the careers page. */
const routes = [
  "/",
  "/careers",
  "/internships",
  "/careers/:job",
  "/careers/locations/gent",
  "/playtesting",
  "/contact",
  "/alerts",
  "/blog",
  "/support",
  "/press",
  "/press/tidebound",
  "/privacy",
  "/fan-content-policy",
  "/tos",
  "/gdpr",
  "/account/login",
  "/account/create",
];

/** The browser reports a 404 document as a failed resource; expected where a test asks for one. */
const notFoundLine = [/status of 404/];

type Page = { status: number; html: string; location: string | null };

async function get(url: string): Promise<Page> {
  const res = await fetch(url, { redirect: "manual" });
  return { status: res.status, html: await res.text(), location: res.headers.get("location") };
}

function h1Of(html: string): string | undefined {
  return /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, "")
    .trim();
}

function langOf(html: string): string | undefined {
  return /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
}

function linksOf(html: string, rel: string): Array<{ href: string; hreflang?: string }> {
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => tag.includes(`rel="${rel}"`))
    .map((tag) => ({
      href: /href="([^"]+)"/.exec(tag)?.[1] ?? "",
      hreflang: /hreflang="([^"]+)"/i.exec(tag)?.[1],
    }));
}

describe("pages", () => {
  let site: Site;
  let browser: Browser;
  let jobId: string;
  const path = (route: string) => route.replace(":job", jobId);

  beforeAll(async () => {
    site = sharedSite();
    browser = await openBrowser();
    const careers = await get(`${site.url}/careers`);
    const match = /<section[^>]*id="js-careers"[\s\S]*?href="\/careers\/(\d+)"/.exec(careers.html);
    if (!match?.[1]) throw new Error("the careers page lists no open position");
    jobId = match[1];
  });

  afterAll(async () => {
    await browser?.close();
  });

  for (const { prefix, tag } of languages) {
    it(`answers every route in ${tag} with its heading, language and metadata`, async () => {
      for (const route of routes) {
        const english = path(route);
        const address = prefix === "" ? english : english === "/" ? prefix : prefix + english;
        const page = await get(site.url + address);

        if (prefix === "/es" && route.startsWith("/careers/locations/")) {
          // Location pages exist in English and French only: Spanish goes to the English page.
          expect(page.status, address).toBe(302);
          expect(page.location, address).toBe(english);
          continue;
        }

        expect(page.status, address).toBe(200);
        expect(h1Of(page.html), address).toBeTruthy();
        expect(page.html.match(/<h1[\s>]/g), `${address} has one h1`).toHaveLength(1);
        expect(langOf(page.html), address).toBe(tag);
        expect(page.html, address).toMatch(/<title>[^<]+ – Stormkettle Studios<\/title>|<title>Stormkettle/);
        expect(page.html, address).toMatch(/<meta name="description" content="[^"]{40,}"/);

        const canonical = linksOf(page.html, "canonical");
        expect(canonical, address).toEqual([{ href: site.url + address, hreflang: undefined }]);
        // Language alternates only: a page may also link its feed as rel="alternate".
        const alternates = linksOf(page.html, "alternate")
          .map((l) => l.hreflang)
          .filter(Boolean);
        expect(alternates, address).toEqual(
          route.startsWith("/careers/locations/")
            ? ["en", "fr-CA", "x-default"]
            : ["en", "fr-CA", "es", "x-default"],
        );
      }
    });
  }

  it("writes each language's own texts (French in Quebec wording)", async () => {
    expect(h1Of((await get(`${site.url}/fr/careers/locations/quebec`)).html)).toBe("Carrières à Québec");
    expect((await get(`${site.url}/fr/playtesting`)).html).toContain("Québec (Canada)");
    expect((await get(`${site.url}/es/playtesting`)).html).toContain("Selangor (Malasia)");
    expect((await get(`${site.url}/fr/alerts`)).html).toContain(
      "<title>Alertes d’emploi – Stormkettle Studios</title>",
    );
  });

  it("shows the six hiring steps, the four values and every internship question", async () => {
    const careers = (await get(`${site.url}/careers`)).html;
    for (const step of [
      "Apply",
      "Introduction call",
      "Initial interview",
      "Skills interview or assessment",
      "On-site interview",
      "Offer",
    ]) {
      expect(careers).toContain(`<h3 class="steps__title">${step}</h3>`);
    }
    expect((await get(`${site.url}/`)).html.match(/<li class="card">/g)).toHaveLength(4);
    // The test content's three (faq/internships).
    expect((await get(`${site.url}/internships`)).html.match(/<details class="faq__item"/g)).toHaveLength(3);
  });

  it("publishes an open offer as JobPosting structured data", async () => {
    const html = (await get(`${site.url}/careers/${jobId}`)).html;
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? "{}")).toMatchObject({
      "@type": "JobPosting",
      hiringOrganization: { name: "Stormkettle Studios" },
    });
  });

  for (const address of [
    "/careers/999999",
    "/careers/not-a-number",
    "/fr/careers/0",
    "/careers/locations/atlantis",
    "/fr/careers/locations/nowhere",
    "/de/careers",
  ]) {
    it(`answers ${address} with the 404 page`, async () => {
      const { page } = await openPage(browser, { allowErrors: notFoundLine });
      const response = await page.goto(site.url + address);
      expect(response?.status()).toBe(404);
      const french = address.startsWith("/fr/");
      expect(await page.locator("h1").textContent()).toBe(french ? "Page introuvable" : "Page not found");
    });
  }

  for (const route of routes) {
    it(`is accessible at 1280 px: ${route}`, async () => {
      const { page } = await openPage(browser, { width: 1280 });
      await page.goto(site.url + path(route));
      await expectAxeClean(page, `${route} at 1280px`);
    });
  }

  for (const address of [
    "/",
    "/careers",
    "/fr/careers/:job",
    "/es/playtesting",
    "/fr/contact",
    "/es/account/login",
  ]) {
    it(`is accessible on a phone: ${address}`, async () => {
      const { page } = await openPage(browser, { width: 375 });
      await page.goto(site.url + path(address));
      await expectAxeClean(page, `${address} at 375px`);
    });
  }

  it("navigates in the browser without reloading: home → careers → an offer → back to the list", async () => {
    const { page } = await openPage(browser, { width: 1280 });
    await page.goto(`${site.url}/fr`);
    // Links navigate in place only once React has hydrated.
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await page.locator(".home-hero").getByRole("link", { name: "Découvrir les carrières" }).click();
    await page.waitForURL(`${site.url}/fr/careers`);
    await expect.poll(() => page.title()).toBe("Carrières – Stormkettle Studios");
    await page.locator("#js-careers .job-card__link").first().click();
    await page.waitForURL(/\/fr\/careers\/\d+$/);
    await expect.poll(() => page.locator("h1.job-header__title").count()).toBe(1);
    // The head follows the page: canonical address and title come from the offer's data request.
    await expect.poll(() => page.locator('link[rel="canonical"]').getAttribute("href")).toBe(page.url());
    const title = await page.locator("h1").textContent();
    await expect.poll(() => page.title()).toBe(`${title} – Stormkettle Studios`);
    await page.getByRole("link", { name: "Retour à tous les postes" }).click();
    await page.waitForURL(`${site.url}/fr/careers#js-careers`);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
  });

  it("shares an offer without JavaScript, through plain links", async () => {
    const { page } = await openPage(browser, { width: 375, javaScript: false });
    await page.goto(`${site.url}/careers/${jobId}`);
    await page.locator(".share summary").click();
    const email = page.getByRole("link", { name: "Share by e-mail" });
    expect(await email.getAttribute("href")).toMatch(/^mailto:\?subject=.+&body=.+careers%2F\d+/);
    expect(await page.getByRole("link", { name: /Share on LinkedIn/ }).getAttribute("target")).toBe("_blank");
  });
});
