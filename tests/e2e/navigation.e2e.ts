import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hoverCloseDelayMs } from "~/ui/frame/site-links";
import {
  consentChosen,
  expectAxeClean,
  type OpenedPage,
  openBrowser,
  openPage,
  type Site,
  sharedSite,
  stopClock,
} from "./support/harness";

/**
 * The site shell (docs/requirements.md#navigation-and-layout): desktop menu and submenu, the mobile
 * menu layer, the language switcher, scrolling on navigation, and all of it without JavaScript.
 */
describe("navigation", () => {
  let site: Site;
  let browser: Browser;
  beforeAll(async () => {
    site = sharedSite();
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A page whose visitor has already answered the cookie banner, so only the shell shows. */
  async function open(options: Parameters<typeof openPage>[1] = {}): Promise<OpenedPage> {
    const opened = await openPage(browser, options);
    await answerConsent(opened.context, site.url);
    return opened;
  }

  /** Resolves once React has hydrated the header (the hamburger becomes a real button). */
  async function hydrated(page: Page) {
    await page.locator("nav.primary-nav[data-enhanced]").waitFor({ state: "attached" });
  }

  const focusedInside = (page: Page, selector: string) =>
    page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);

  describe("desktop (1280 px)", () => {
    it("opens the Work at the studio submenu on hover and closes it when the pointer leaves", async () => {
      const { page } = await open({ width: 1280 });
      await page.goto(`${site.url}/`);
      await hydrated(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      const internship = nav.getByRole("link", { name: /^Internship/ });
      const toggle = nav.getByRole("button", { name: "Show the Work at the studio submenu" });
      expect(await internship.isVisible()).toBe(false);

      await nav.getByRole("link", { name: "Work at the studio" }).hover();
      await expect.poll(() => internship.isVisible()).toBe(true);
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      // All three entries, in the order of docs/requirements.md#navigation-and-layout, pointing at
      // their pages.
      const links = page.locator(".submenu a");
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
        "/internships",
        "/careers",
        "/playtesting",
      ]);

      await page.mouse.move(640, 600);
      await expect.poll(() => internship.isVisible()).toBe(false);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    });

    it("opens the submenu on keyboard focus, walks into it, and Escape closes it onto its button", async () => {
      const { page } = await open({ width: 1280 });
      await page.goto(`${site.url}/`);
      await hydrated(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      const workLink = nav.getByRole("link", { name: "Work at the studio" });
      const toggle = nav.getByRole("button", { name: "Show the Work at the studio submenu" });
      const internship = nav.getByRole("link", { name: /^Internship/ });

      // The skip link comes first, then the header, in reading order.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to main content");
      for (let i = 0; i < 20 && !(await workLink.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press("Tab");
      }
      expect(await workLink.evaluate((el) => el === document.activeElement)).toBe(true);
      await expect.poll(() => internship.isVisible()).toBe(true);

      await page.keyboard.press("Tab");
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("Tab");
      expect(await internship.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.press("Escape");
      await expect.poll(() => internship.isVisible()).toBe(false);
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");

      // The button itself toggles it for keyboard (and touch) users.
      await page.keyboard.press("Enter");
      await expect.poll(() => internship.isVisible()).toBe(true);
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await page.keyboard.press("Enter");
      await expect.poll(() => internship.isVisible()).toBe(false);
    });

    it("shows the careers sub-navigation on the job alerts page, with Job alerts current", async () => {
      for (const [path, label, name] of [
        ["/alerts", "Careers sections", "Job alerts"],
        ["/fr/alerts", "Sections carrières", "Alertes d’emploi"],
      ]) {
        const { page } = await open({ width: 1280 });
        await page.goto(site.url + path);
        const band = page.getByRole("navigation", { name: label });
        expect(await band.isVisible()).toBe(true);
        expect(await band.getByRole("link").count()).toBe(4);
        const current = band.locator('[aria-current="page"]');
        expect(await current.count()).toBe(1);
        expect(await current.textContent()).toBe(name);
        expect(await current.getAttribute("href")).toBe(path);
      }
    });

    it("keeps the submenu open when its arrow is clicked right after a hover opened it, and the next click closes it", async () => {
      const { page } = await open({ width: 1280 });
      await page.goto(`${site.url}/`);
      await hydrated(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      const internship = nav.getByRole("link", { name: /^Internship/ });
      const toggle = nav.getByRole("button", { name: "Show the Work at the studio submenu" });

      await nav.getByRole("link", { name: "Work at the studio" }).hover();
      await expect.poll(() => internship.isVisible()).toBe(true);
      await toggle.click();
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
      await expect.poll(() => internship.isVisible()).toBe(true);
      // Pinned by the click: it stays when the pointer moves into the page. Had leaving started
      // the close timer, it would fire before a longer timer started after it, and the frames
      // after that one would show the submenu closed: no race with a slow machine.
      await page.mouse.move(640, 600);
      await page.evaluate(
        (ms) =>
          new Promise((resolve) =>
            setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), ms),
          ),
        hoverCloseDelayMs + 1,
      );
      expect(await internship.isVisible()).toBe(true);
      // The next click on the arrow closes it.
      await toggle.click();
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
      await expect.poll(() => internship.isVisible()).toBe(false);
      // So does a press anywhere else on a pinned submenu.
      await toggle.click();
      await expect.poll(() => internship.isVisible()).toBe(true);
      await page.mouse.click(2, 400);
      await expect.poll(() => internship.isVisible()).toBe(false);
    });

    it("toggles the submenu with Enter on its focused button: open, then closed", async () => {
      const { page } = await open({ width: 1280 });
      await page.goto(`${site.url}/`);
      await hydrated(page);
      const nav = page.getByRole("navigation", { name: "Main" });
      const workLink = nav.getByRole("link", { name: "Work at the studio" });
      const toggle = nav.getByRole("button", { name: "Show the Work at the studio submenu" });
      const internship = nav.getByRole("link", { name: /^Internship/ });

      await page.keyboard.press("Tab");
      for (let i = 0; i < 20 && !(await workLink.evaluate((el) => el === document.activeElement)); i++) {
        await page.keyboard.press("Tab");
      }
      await page.keyboard.press("Tab");
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.press("Enter");
      await expect.poll(() => internship.isVisible()).toBe(true);
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await page.keyboard.press("Enter");
      await expect.poll(() => internship.isVisible()).toBe(false);
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      // Space opens it again; Escape closes it and leaves focus on the button.
      await page.keyboard.press("Space");
      await expect.poll(() => internship.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await expect.poll(() => internship.isVisible()).toBe(false);
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it("has the header links of docs/requirements.md#navigation-and-layout, external ones in a new tab without an opener", async () => {
      const { page } = await open({ width: 1280 });
      await page.goto(`${site.url}/fr/contact`);
      const header = page.locator("header.site-header");
      const hrefOf = (name: RegExp) => header.getByRole("link", { name }).first().getAttribute("href");
      expect(await hrefOf(/^À propos$/)).toBe("/fr");
      expect(await hrefOf(/^Travailler au studio$/)).toBe("/fr/careers");
      expect(await hrefOf(/^Nous joindre$/)).toBe("/fr/contact");
      expect(await hrefOf(/^Blogue$/)).toBe("/fr/blog");
      expect(await hrefOf(/^Soutien$/)).toBe("/fr/support");
      expect(await hrefOf(/^Compte$/)).toBe("/fr/account");
      expect(await hrefOf(/^Créer un compte$/)).toBe("/fr/account/create");
      expect(await header.locator(".brand").getAttribute("href")).toBe("/fr");
      expect(
        await header
          .getByRole("link", { name: /^Nous joindre$/ })
          .first()
          .getAttribute("aria-current"),
      ).toBe("page");

      for (const name of [/^Site du studio/, /^Forums/, /^Affaires/]) {
        const link = header.getByRole("link", { name }).first();
        expect(await link.getAttribute("target")).toBe("_blank");
        expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
        expect(await link.getAttribute("href")).toMatch(/^https:\/\//);
        expect(await link.textContent()).toContain("(s’ouvre dans un nouvel onglet)");
      }
    });

    it("is axe clean on the home page, with the submenu open too", async () => {
      const { page } = await open({ width: 1280 });
      await page.goto(`${site.url}/`);
      await hydrated(page);
      await expectAxeClean(page, "home at 1280px");
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Work at the studio" })
        .hover();
      await expectAxeClean(page, "home at 1280px, submenu open");
    });
  });

  describe("mobile (375 px)", () => {
    it("opens the menu layer with the hamburger and closes it with its close button", async () => {
      const { page } = await open({ width: 375 });
      await page.goto(`${site.url}/`);
      await hydrated(page);
      const hamburger = page.getByRole("button", { name: "Menu", exact: true });
      const dialog = page.getByRole("dialog", { name: "Site menu" });
      expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
      expect(await hamburger.getAttribute("aria-expanded")).toBe("false");
      // The closed layer is not in the document at all (MobileMenu.tsx).
      expect(await page.locator("#mobile-menu").count()).toBe(0);

      await hamburger.click();
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect(await hamburger.getAttribute("aria-expanded")).toBe("true");
      expect(await hamburger.getAttribute("aria-controls")).toBe("mobile-menu");
      expect(await dialog.getAttribute("id")).toBe("mobile-menu");
      // Focus moves into the layer, onto its close button.
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
        "Close the menu",
      );
      // The rest of the page is out of reach while it is open.
      expect(await page.locator("#main").evaluate((el) => el.closest("[inert]") !== null)).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");

      await dialog.getByRole("button", { name: "Close the menu" }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(await hamburger.getAttribute("aria-expanded")).toBe("false");
      expect(await hamburger.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.locator("#main").evaluate((el) => el.closest("[inert]") === null)).toBe(true);
    });

    it("traps focus in the open layer and closes on Escape, returning focus to the hamburger", async () => {
      const { page } = await open({ width: 375 });
      await page.goto(`${site.url}/`);
      await hydrated(page);
      const hamburger = page.getByRole("button", { name: "Menu", exact: true });
      await hamburger.click();
      const dialog = page.getByRole("dialog", { name: "Site menu" });
      await expect.poll(() => dialog.isVisible()).toBe(true);

      // Forward through every control and round again: focus never leaves the layer.
      const seen = new Set<string>();
      for (let i = 0; i < 45; i++) {
        await page.keyboard.press("Tab");
        expect(await focusedInside(page, "#mobile-menu"), `Tab ${i + 1}`).toBe(true);
        seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? ""));
      }
      expect(seen.size).toBeGreaterThan(10);
      // Backwards from the first control wraps to the last.
      await dialog.getByRole("button", { name: "Close the menu" }).focus();
      await page.keyboard.press("Shift+Tab");
      expect(await focusedInside(page, "#mobile-menu")).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
        "Next slide",
      );

      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(await hamburger.evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it("closes on route change and lands on the new page", async () => {
      const { page } = await open({ width: 375 });
      await page.goto(`${site.url}/`);
      await hydrated(page);
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Site menu" });
      await dialog.getByRole("link", { name: "Contact", exact: true }).click();
      await page.waitForURL(`${site.url}/contact`);
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(
        await page.getByRole("button", { name: "Menu", exact: true }).getAttribute("aria-expanded"),
      ).toBe("false");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
        "hidden",
      );
    });

    it("shows three carousel slides, one at a time, with previous, next and picker buttons", async () => {
      const { page } = await open({ width: 375 });
      await page.clock.install();
      await page.goto(`${site.url}/`);
      await hydrated(page);
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      const carousel = page.getByRole("region", { name: "Highlights" });
      const slides = carousel.locator("[aria-roledescription='slide']");
      await expect.poll(() => slides.count()).toBe(3);
      expect(await carousel.getAttribute("aria-roledescription")).toBe("carousel");
      // Placeholder slides (docs/requirements.md#navigation-and-layout): each has its image, label,
      // title and a '#' link.
      expect(await slides.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href")))).toEqual([
        "#",
        "#",
        "#",
      ]);
      expect(await slides.locator("img").count()).toBe(3);
      const current = () =>
        carousel.locator(".carousel__dot[aria-current='true']").getAttribute("aria-label");
      const inert = () => slides.evaluateAll((els) => els.map((el) => (el as HTMLElement).inert));
      expect(await current()).toBe("Show slide 1");
      expect(await inert()).toEqual([false, true, true]);

      await carousel.getByRole("button", { name: "Next slide" }).click();
      await expect.poll(current).toBe("Show slide 2");
      await expect.poll(inert).toEqual([true, false, true]);
      await carousel.getByRole("button", { name: "Show slide 3" }).click();
      await expect.poll(current).toBe("Show slide 3");
      // Next after the last wraps to the first; nothing moves on its own.
      await carousel.getByRole("button", { name: "Next slide" }).click();
      await expect.poll(current).toBe("Show slide 1");
      // Once the strip has slid back to the first slide, half a minute of the page's time, looked
      // at every 2.5 s: a timer moving the slides every 1.25 s or more would have shown.
      await expect.poll(() => carousel.locator(".carousel__track").evaluate((el) => el.scrollLeft)).toBe(0);
      for (let i = 0; i < 12; i++) {
        await page.clock.runFor(2500);
        expect(await current()).toBe("Show slide 1");
      }
      await carousel.getByRole("button", { name: "Previous slide" }).click();
      await expect.poll(current).toBe("Show slide 3");
    });

    it("marks the slide a visitor scrolled the strip to, once it comes to rest", async () => {
      const { page } = await open({ width: 375 });
      await page.goto(`${site.url}/`);
      await hydrated(page);
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      const carousel = page.getByRole("region", { name: "Highlights" });
      const track = carousel.locator(".carousel__track");
      const slides = carousel.locator("[aria-roledescription='slide']");
      await expect.poll(() => slides.count()).toBe(3);
      // A trackpad's sideways swipe: the browser scrolls the strip and snaps it to a slide.
      await track.hover();
      await page.mouse.wheel(800, 0);
      await expect
        .poll(() => carousel.locator(".carousel__dot[aria-current='true']").getAttribute("aria-label"))
        .toBe("Show slide 3");
      expect(await slides.evaluateAll((els) => els.map((el) => (el as HTMLElement).inert))).toEqual([
        true,
        true,
        false,
      ]);
    });

    it("is axe clean on the home page with the menu closed and open", async () => {
      const { page } = await open({ width: 375 });
      await page.goto(`${site.url}/`);
      await hydrated(page);
      await expectAxeClean(page, "home at 375px");
      await page.getByRole("button", { name: "Menu", exact: true }).click();
      await expect.poll(() => page.getByRole("dialog", { name: "Site menu" }).isVisible()).toBe(true);
      await expectAxeClean(page, "home at 375px, menu open");
    });
  });

  describe("language switcher", () => {
    it("goes to the same page in another language, keeping the query", async () => {
      const { page } = await open({ width: 1280 });
      await page.goto(`${site.url}/careers?team=art&location=quebec`);
      const switcher = page.locator("header").getByRole("navigation", { name: "Language" });
      const links = switcher.getByRole("link");
      expect(
        await links.evaluateAll((as) => as.map((a) => [a.getAttribute("href"), a.getAttribute("hreflang")])),
      ).toEqual([
        ["/careers?team=art&location=quebec", "en"],
        ["/fr/careers?team=art&location=quebec", "fr-CA"],
        ["/es/careers?team=art&location=quebec", "es"],
      ]);
      expect(await switcher.locator("[aria-current='true']").getAttribute("lang")).toBe("en");

      await hydrated(page);
      await switcher.getByRole("link", { name: /^FR/ }).click();
      await page.waitForURL(`${site.url}/fr/careers?team=art&location=quebec`);
      await expect.poll(() => page.getAttribute("html", "lang")).toBe("fr-CA");
      const frSwitcher = page.locator("header").getByRole("navigation", { name: "Langue" });
      await expect.poll(() => frSwitcher.locator("[aria-current='true']").getAttribute("lang")).toBe("fr-CA");
      expect(await frSwitcher.getByRole("link", { name: /^EN/ }).getAttribute("href")).toBe(
        "/careers?team=art&location=quebec",
      );
      expect(
        await page
          .locator("header")
          .getByRole("link", { name: /^Nous joindre$/ })
          .first()
          .getAttribute("href"),
      ).toBe("/fr/contact");
    });

    /** The first heading of a page as the server renders it. */
    async function serverHeading(path: string): Promise<string> {
      const html = await (await fetch(`${site.url}${path}`)).text();
      const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? "";
      return h1
        .replace(/<[^>]+>/g, "")
        .replace(/&#x27;/g, "'")
        .replace(/&amp;/g, "&")
        .trim();
    }

    // A page hydrates with the translations its texts use (the namespaces its server render
    // listed, and every page's in one file, found through its language's table of files), not
    // all of a language's; another page's come with the first navigation that shows it.
    it("loads the catalogs its page uses, the next page's on a navigation, and the other language's on a switch", async () => {
      const { page } = await open({ width: 1280 });
      const catalogs: string[] = [];
      page.on("request", (request) => {
        const file = /\/assets\/(catalog-[a-z-]+)-[\w-]{8}\.js$/.exec(request.url())?.[1];
        if (file) catalogs.push(file);
      });
      await page.goto(`${site.url}/fr/careers`);
      await hydrated(page);
      expect(catalogs.sort()).toEqual(["catalog-files-fr", "catalog-fr", "catalog-fr-careers"]);

      catalogs.length = 0;
      await page.locator('footer a[href="/fr/playtesting"]').first().click();
      await page.waitForURL(`${site.url}/fr/playtesting`);
      await expect
        .poll(async () => (await page.locator("h1").first().textContent())?.trim())
        .toBe(await serverHeading("/fr/playtesting"));
      expect(catalogs).toEqual(["catalog-fr-playtesting"]);

      catalogs.length = 0;
      await page
        .locator("header")
        .getByRole("navigation", { name: "Langue" })
        .getByRole("link", { name: /^EN/ })
        .click();
      await page.waitForURL(`${site.url}/playtesting`);
      await expect
        .poll(async () => (await page.locator("h1").first().textContent())?.trim())
        .toBe(await serverHeading("/playtesting"));
      // What the French page had loaded, in English.
      expect(catalogs.sort()).toEqual([
        "catalog-en",
        "catalog-en-careers",
        "catalog-en-playtesting",
        "catalog-files-en",
      ]);
    });

    it("offers only English and French on a careers-location page", async () => {
      const { page } = await open({ width: 1280 });
      await page.goto(`${site.url}/careers/locations/quebec`);
      const switcher = page.locator("header").getByRole("navigation", { name: "Language" });
      expect(
        await switcher.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
      ).toEqual(["/careers/locations/quebec", "/fr/careers/locations/quebec"]);
    });
  });

  describe("scrolling", () => {
    it("starts a new page at the top but keeps the position when only the query changes", async () => {
      const { page } = await open({ width: 1280 });
      await page.goto(`${site.url}/privacy`);
      await hydrated(page);
      await page.evaluate(() => window.scrollTo(0, 400));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);

      // What the careers filters do: a client navigation that changes only the query.
      await page.evaluate(() =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
        ).__reactRouterDataRouter.navigate("/privacy?section=cookies"),
      );
      await page.waitForURL(`${site.url}/privacy?section=cookies`);
      // The address changes before React renders the new location: wait for the render (the
      // language links follow the address), after which the router has placed the page.
      await page
        .locator('header a[hreflang="fr-CA"][href="/fr/privacy?section=cookies"]')
        .first()
        .waitFor({ state: "attached" });
      expect(await page.evaluate(() => window.scrollY)).toBe(400);

      await page.locator("footer").getByRole("link", { name: "Terms of service" }).click();
      await page.waitForURL(`${site.url}/tos`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
    });

    // The page's clock stops before the click: the delay and the animation then advance only as
    // the test moves that clock on, whatever the machine's speed.
    it("opens /#games at the top, then animates to the games after about a second", async () => {
      const { page } = await open({ width: 1280 });
      await page.clock.install();
      await page.goto(`${site.url}/privacy`);
      await hydrated(page);
      const gameLink = page.locator("footer").getByRole("navigation").getByRole("link").first();
      expect(await gameLink.getAttribute("href")).toBe("/#games");
      await stopClock(page);
      await gameLink.click();
      await page.waitForURL(`${site.url}/#games`);
      await page.locator("#games").waitFor({ state: "attached" });
      const scrollY = () => page.evaluate(() => window.scrollY);
      const gamesTop = () =>
        page.evaluate(() => Math.round(document.getElementById("games")!.getBoundingClientRect().top));
      // The home page opens at the top and stays there for most of a second…
      expect(await scrollY()).toBeLessThan(50);
      await page.clock.runFor(900);
      expect(await scrollY()).toBeLessThan(50);
      // …then moves smoothly (halfway through the one-second scroll it is on its way)…
      await page.clock.runFor(600);
      const halfway = await scrollY();
      // …and arrives just below the sticky header.
      await page.clock.runFor(600);
      await expect.poll(gamesTop).toBeLessThan(200);
      expect(await gamesTop()).toBeGreaterThanOrEqual(0);
      expect(halfway).toBeGreaterThan(50);
      expect(halfway).toBeLessThan(await scrollY());
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("games");
    });

    it("scrolls the page header's button smoothly to the open positions", async () => {
      const { page } = await open({ width: 1280 });
      await page.clock.install();
      await page.goto(`${site.url}/careers`);
      await hydrated(page);
      const button = page.locator(".page-header__actions a");
      expect(await button.getAttribute("href")).toBe("#js-careers");
      const top = () =>
        page.evaluate(() => Math.round(document.getElementById("js-careers")!.getBoundingClientRect().top));
      const before = await top();
      await stopClock(page);
      await button.click();
      // Halfway through the one-second scroll the list is on its way, then it arrives.
      await page.clock.runFor(500);
      const halfway = await top();
      await page.clock.runFor(600);
      await expect.poll(top).toBeLessThan(200);
      expect(halfway).toBeLessThan(before);
      expect(halfway).toBeGreaterThan(await top());
      // The address does not change: the button is an in-page action.
      expect(page.url()).toBe(`${site.url}/careers`);
    });
  });

  describe("without JavaScript", () => {
    it("takes the hamburger to the footer's site map, which holds every destination of the menu", async () => {
      const { page } = await open({ width: 375, javaScript: false });
      await page.goto(`${site.url}/`);
      // The server sends no menu layer: its hundred-odd elements would weigh on every page.
      expect(await page.locator("#mobile-menu").count()).toBe(0);
      const hamburger = page.locator("a.menu-toggle");
      expect(await hamburger.getAttribute("href")).toBe("#site-map");
      await hamburger.click();
      await page.waitForURL(`${site.url}/#site-map`);
      const map = page.locator("#site-map");
      await expect.poll(() => map.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
      const names = await map
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => (a.textContent ?? "").trim()));
      for (const name of [
        "About",
        // The menu's "Games" (/games, the home page's games): the heading of the games' links.
        "Our games",
        "Career",
        "Internship",
        "Playtest",
        "Contact",
        "Blog",
        "Support",
        "Log in",
        "Create account",
        "Forums",
        "Business",
        "Studio website",
      ])
        expect(
          names.some((text) => text.startsWith(name)),
          name,
        ).toBe(true);
      await map.getByRole("link", { name: "Contact", exact: true }).click();
      await page.waitForURL(`${site.url}/contact`);
    });

    it("still opens the desktop submenu on hover and keyboard focus", async () => {
      const { page } = await open({ width: 1280, javaScript: false });
      await page.goto(`${site.url}/`);
      const nav = page.getByRole("navigation", { name: "Main" });
      const internship = nav.getByRole("link", { name: /^Internship/ });
      expect(await internship.isVisible()).toBe(false);
      await nav.getByRole("link", { name: "Work at the studio" }).hover();
      await expect.poll(() => internship.isVisible()).toBe(true);
      await page.mouse.move(640, 600);
      await expect.poll(() => internship.isVisible()).toBe(false);
      await nav.getByRole("link", { name: "Work at the studio" }).focus();
      await expect.poll(() => internship.isVisible()).toBe(true);
    });
  });
});

/**
 * Stores the visitor's answer to the cookie banner (exact cookie names,
 * docs/requirements.md#cookie-consent-and-analytics).
 */
async function answerConsent(context: BrowserContext, url: string) {
  await context.addCookies(consentChosen(url));
}
