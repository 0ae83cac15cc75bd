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
 * The blog as a reader uses it: sorting, searching in French (with and without JavaScript), an
 * article page with its share, neighbours and Open Graph tags, and the Atom feed per language.
 */
let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = sharedSite();
  browser = await openBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

const cardTitles = (page: import("playwright-core").Page) =>
  page.locator(".news-card__title").allTextContents();

describe("blog list", () => {
  it("sorts by latest and by oldest", async () => {
    const { page } = await openPage(browser);
    await page.goto(`${site.url}/blog`);
    await waitForHydration(page);
    await expect.poll(() => page.locator("h1").textContent()).toBe("News from the studio");
    const latest = await cardTitles(page);
    expect(latest.length).toBeGreaterThan(3);
    await expect.poll(() => page.locator(".news-list__status").textContent()).toMatch(/^\d+ articles$/);
    await page.getByRole("link", { name: "Oldest first" }).click();
    await page.waitForURL(/sort=oldest/);
    await expect
      .poll(() => cardTitles(page).then((t) => t[0]))
      .toBe("Stormkettle opens a studio in Quebec City");
    expect(await page.getByRole("link", { name: "Oldest first" }).getAttribute("aria-current")).toBe("page");
    expect(await cardTitles(page)).not.toEqual(latest);
    // The all-articles link clears the choices.
    await page.getByRole("link", { name: "All articles" }).click();
    await page.waitForURL(`${site.url}/blog`);
    await expect.poll(() => cardTitles(page)).toEqual(latest);
  });

  for (const javaScript of [true, false]) {
    it(`finds an old article by searching in French ${javaScript ? "with" : "without"} JavaScript`, async () => {
      const { page } = await openPage(browser, { javaScript, locale: "fr-CA" });
      await page.goto(`${site.url}/fr/blog`);
      await waitForHydration(page);
      await page.getByRole("searchbox", { name: "Rechercher dans les articles" }).fill("QUEBEC");
      await page.getByRole("button", { name: "Rechercher" }).click();
      await page.waitForURL(/q=QUEBEC/);
      await expect
        .poll(() => page.locator(".news-list__status").textContent())
        .toMatch(/^\d+ articles? pour « QUEBEC »$/);
      expect(await cardTitles(page)).toContain("Stormkettle ouvre un studio à Québec");
      await page.getByRole("link", { name: "Stormkettle ouvre un studio à Québec" }).click();
      await page.waitForURL(`${site.url}/fr/blog/quebec-studio-opens`);
      await expect.poll(() => page.locator("h1").textContent()).toBe("Stormkettle ouvre un studio à Québec");
    });
  }

  it("filters by category and says when nothing matches", async () => {
    const { page } = await openPage(browser);
    await page.goto(`${site.url}/blog?category=playtesting`);
    const titles = await cardTitles(page);
    expect(titles).toContain("A new playtest lab opens at our Quebec studio");
    expect(titles).not.toContain("Ashen Covenant launches: swear your oath");
    await page.goto(`${site.url}/blog?q=nothing-matches-this`);
    expect(await page.locator(".news-list__status").textContent()).toBe(
      "0 articles for “nothing-matches-this”",
    );
    expect(await page.getByText("No article matches").count()).toBe(1);
  });

  for (const width of [375, 1280]) {
    it(`is axe clean at ${width} px`, async () => {
      const { page } = await openPage(browser, { width });
      await page.goto(`${site.url}/fr/blog?sort=oldest`);
      await expectAxeClean(page, `/fr/blog at ${width}`);
      await page.goto(`${site.url}/blog/ashen-covenant-update-1-2`);
      await expectAxeClean(page, `article at ${width}`);
    });
  }
});

describe("article page", () => {
  it("shows the article with its date, author, cover, share, neighbours and related posts", async () => {
    const { page, context } = await openPage(browser, { locale: "fr-CA" });
    await page.goto(`${site.url}/fr/blog/ashen-covenant-update-1-2`);
    await waitForHydration(page);
    expect(await page.locator("h1").textContent()).toMatch(/^Mise à jour 1\.2 d’?'?Ashen Covenant/);
    expect(await page.locator(".news-article__byline").textContent()).toContain("Par Tomasz Nowak");
    expect(await page.locator(".news-article__byline time").getAttribute("datetime")).toBe("2025-02-11");
    expect(await page.locator(".news-article__byline time").textContent()).toBe("11 février 2025");
    const cover = page.locator(".news-article__cover");
    expect(await cover.getAttribute("width")).toBe("1200");
    expect(await cover.getAttribute("height")).toBe("630");
    expect(await page.locator(".news-article__body h2").first().textContent()).toBe("Points forts");
    // Related cards below the fold load lazily.
    expect(await page.locator(".news-related img").first().getAttribute("loading")).toBe("lazy");

    const share = page.getByRole("region", { name: "Partager cet article" });
    expect(await share.getByRole("link", { name: /LinkedIn/ }).getAttribute("href")).toContain(
      encodeURIComponent(`${site.url}/fr/blog/ashen-covenant-update-1-2`),
    );
    // Once the script runs, the clipboard is offered (the native share sheet only where the browser has one).
    await expect.poll(() => share.getByRole("button", { name: "Copier le lien" }).count()).toBe(1);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await share.getByRole("button", { name: "Copier le lien" }).click();
    await expect.poll(() => share.getByRole("status").textContent()).toBe("Lien copié");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${site.url}/fr/blog/ashen-covenant-update-1-2`,
    );

    const neighbours = page.getByRole("navigation", { name: "Autres articles" });
    await neighbours.getByRole("link", { name: /Article suivant/ }).click();
    await page.waitForURL(`${site.url}/fr/blog/internships-2025`);
    await expect.poll(() => page.locator("h1").textContent()).toMatch(/^Les stages chez Stormkettle/);
    await page
      .getByRole("navigation", { name: "Autres articles" })
      .getByRole("link", { name: /Article précédent/ })
      .click();
    await page.waitForURL(`${site.url}/fr/blog/ashen-covenant-update-1-2`);
    expect(await page.locator(".news-related .news-card").count()).toBeGreaterThan(0);
  });

  it("carries Open Graph article tags, the feed link, and 404s an unknown article", async () => {
    const html = await (await fetch(`${site.url}/blog/quebec-studio-opens`)).text();
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta property="article:published_time" content="2019-09-12"/>');
    expect(html).toContain('<meta property="article:author" content="Élodie Tremblay"/>');
    expect(html).toContain('<meta property="article:tag" content="Quebec"/>');
    expect(html).toContain(
      `<meta property="og:image" content="${site.url}/images/art/news/quebec-studio-opens/cover-1200.jpg"/>`,
    );
    expect(html).toMatch(
      new RegExp(
        `<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="${site.url}/blog/feed.xml"/>`,
      ),
    );
    const jsonLd = JSON.parse(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "{}",
    );
    expect(jsonLd).toMatchObject({
      "@type": "BlogPosting",
      headline: "Stormkettle opens a studio in Quebec City",
      datePublished: "2019-09-12",
      author: { name: "Élodie Tremblay" },
    });
    expect((await fetch(`${site.url}/blog/no-such-article`)).status).toBe(404);
    expect((await fetch(`${site.url}/es/blog/no-such-article`)).status).toBe(404);
  });
});

describe("feed", () => {
  it("is valid Atom with the articles, per language, linked from the blog", async () => {
    const listHtml = await (await fetch(`${site.url}/fr/blog`)).text();
    expect(listHtml).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="[^"]+" href="[^"]+\/fr\/blog\/feed\.xml"\/>/,
    );

    const { page } = await openPage(browser);
    await page.goto(`${site.url}/blog`);
    for (const [prefix, title] of [
      ["", "Stormkettle opens a studio in Quebec City"],
      ["/fr", "Stormkettle ouvre un studio à Québec"],
      ["/es", "Stormkettle abre un estudio en la ciudad de Quebec"],
    ] as const) {
      const res = await fetch(`${site.url}${prefix}/blog/feed.xml`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/atom\+xml/);
      const xml = await res.text();
      const parsed = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, "application/xml");
        return {
          error: doc.querySelector("parsererror")?.textContent ?? null,
          root: doc.documentElement.namespaceURI,
          titles: [...doc.querySelectorAll("entry > title")].map((e) => e.textContent),
          links: [...doc.querySelectorAll("entry > link")].map((e) => e.getAttribute("href")),
          lang: doc.documentElement.getAttribute("xml:lang"),
        };
      }, xml);
      expect(parsed.error).toBeNull();
      expect(parsed.root).toBe("http://www.w3.org/2005/Atom");
      // Every article of the test content (its seven).
      expect(parsed.titles).toHaveLength(7);
      expect(parsed.titles).toContain(title);
      expect(parsed.links).toContain(`${site.url}${prefix}/blog/quebec-studio-opens`);
    }
    expect((await fetch(`${site.url}/de/blog/feed.xml`)).status).toBe(404);
  });
});
