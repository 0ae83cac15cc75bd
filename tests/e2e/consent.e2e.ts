import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stampContent } from "~/features/content/index.server";
import { testContent } from "../support/test-content";
import {
  downloadedBytes,
  expectAxeClean,
  expectFitsWidth,
  newDocument,
  openBrowser,
  openPage,
  type Site,
  startSite,
  stopClock,
  toastsShown,
  waitForHydration,
} from "./support/harness";

const CONSENT = "cookieconsent_status";
const ANALYTICS = "cookieanalytcs_status";
/** The site's own third strictly necessary cookie: `<consent id>.<revision>`. */
const RECORD = "cookieconsent_record";
const NINETY_DAYS_S = 90 * 24 * 60 * 60;
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** Every page-view beacon the page sends, with the route it reports. */
function watchPageviews(page: Page) {
  const routes: string[] = [];
  page.on("request", (request: Request) => {
    if (request.url().endsWith("/api/analytics/pageview")) {
      routes.push((JSON.parse(request.postData() ?? "{}") as { route: string }).route);
    }
  });
  return routes;
}

/** Every request to the analytics API (page views or anything else), by path. */
function watchAnalytics(page: Page) {
  const paths: string[] = [];
  page.on("request", (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/analytics")) paths.push(pathname);
  });
  return paths;
}

const GPC_LINE = "Your browser asks sites not to track you: analytics stays off.";

/**
 * A browser with Global Privacy Control on, as browsers that have it send it: `Sec-GPC: 1` on
 * every request (`header`) and `navigator.globalPrivacyControl` for scripts (`script`).
 */
async function withGpc(context: BrowserContext, { header = true, script = true } = {}) {
  if (header) await context.setExtraHTTPHeaders({ "Sec-GPC": "1" });
  if (script) {
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", {
        get: () => true,
        configurable: true,
      });
    });
  }
}

/** The answer to the Global Privacy Control signal the page posts in the background. */
function signalAnswer(page: Page) {
  return page.waitForResponse(
    (res) =>
      res.url().endsWith("/api/consents") &&
      (JSON.parse(res.request().postData() ?? "{}") as { signal?: string }).signal === "gpc",
  );
}

/** The receipt of the context's visitor (the API request shares the context's cookies). */
async function receiptOf(context: BrowserContext, siteUrl: string) {
  const res = await context.request.get(`${siteUrl}/api/consents/receipt`);
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("no-store");
  return (await res.json()) as {
    consentId: string;
    records: Array<{ method: string; analytics: boolean; revision: number; gpc: boolean; at: string }>;
  };
}

/** Today as the banner writes a record's date in English. */
const today = () => new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(new Date());

async function consentCookies(context: BrowserContext) {
  return Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
}

/** Opens a page and waits for React to hydrate it. */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

const banner = (page: Page, name = "Cookies on this site") => page.getByRole("region", { name });

/**
 * Navigates in the page (a client-side navigation) through a header link. A page view that
 * should not have gone out is caught by the next one the test waits for: beacons leave in
 * order, so it would stand before it in the list.
 */
async function clickNav(page: Page, name: string, path: string) {
  await page.getByRole("banner").getByRole("link", { name, exact: true }).first().click();
  await page.waitForURL((url) => url.pathname === path);
  // The address changes before the new page is shown (React holds the commit until its
  // stylesheets have loaded): wait for the page itself, whose head names it.
  await expect
    .poll(async () => {
      const href = await page.locator('link[rel="canonical"]').getAttribute("href");
      return href ? new URL(href).pathname : null;
    })
    .toBe(path);
}

/** Accepts analytics from the footer's "Cookie settings", on the page in view. */
async function acceptFromFooter(page: Page) {
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
  await banner(page).getByRole("button", { name: "Accept All" }).click();
}

/** The banner's title and buttons as each language says them (the specification's texts). */
const bannerLanguages = [
  { path: "/", title: "Cookies on this site", buttons: ["Accept All", "Reject All", "Confirm my choices"] },
  {
    path: "/fr",
    title: "Témoins sur ce site",
    buttons: ["Tout accepter", "Tout refuser", "Confirmer mes choix"],
  },
  {
    path: "/es",
    title: "Cookies en este sitio",
    buttons: ["Aceptar todo", "Rechazar todo", "Confirmar mis opciones"],
  },
];

/** One browser for the file's three groups (each test opens its own context), launched once. */
let launched: Promise<Browser> | undefined;
const sharedBrowser = () => {
  launched ??= openBrowser();
  return launched;
};
afterAll(async () => {
  await (await launched)?.close();
});

describe("cookie consent and analytics", () => {
  let site: Site;
  let browser: Browser;
  beforeAll(async () => {
    // Many choices from one address: more than the consent form's budget per client.
    [site, browser] = await Promise.all([
      startSite({ env: { RATE_LIMIT_FORM_POINTS: "1000" } }),
      sharedBrowser(),
    ]);
  });
  afterAll(async () => {
    await site?.stop();
  });

  it("shows the banner on a first visit and sends no analytics before consent", async () => {
    const { page, context } = await openPage(browser);
    const pageviews = watchPageviews(page);
    await visit(page, site.url);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    const necessary = banner(page).getByRole("checkbox", { name: /Strictly necessary/ });
    expect(await necessary.isChecked()).toBe(true);
    expect(await necessary.isDisabled()).toBe(true);
    // Valid markup: `readonly` does not apply to a checkbox (the W3C checker reports it).
    expect(await necessary.getAttribute("readonly")).toBeNull();
    expect(await banner(page).getByRole("checkbox", { name: "Analytics" }).isChecked()).toBe(false);
    for (const name of ["Accept All", "Confirm my choices", "Reject All"]) {
      expect(await banner(page).getByRole("button", { name }).isVisible(), name).toBe(true);
    }

    await clickNav(page, "Contact", "/contact");
    await clickNav(page, "About", "/");
    expect(pageviews).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    // Still undecided: the banner stays until a choice is made.
    expect(await banner(page).isVisible()).toBe(true);
    // Consent now counts the page in view, first: no view went out before it.
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => pageviews).toEqual(["routes/home"]);
  });

  it("Accept All stores the two spec cookies and the record cookie for 90 days and counts one page view per navigation", async () => {
    const { page, context } = await openPage(browser);
    const pageviews = watchPageviews(page);
    await visit(page, `${site.url}/contact`);
    const counted = page.waitForResponse((r) => r.url().endsWith("/api/analytics/pageview"));
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect((await counted).status()).toBe(204);
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringContaining("cookie choices have been saved"));

    const cookies = await context.cookies();
    expect(cookies.map((c) => `${c.name}=${c.value}`).sort()).toEqual([
      `${ANALYTICS}=1`,
      expect.stringMatching(new RegExp(`^${RECORD}=${UUID}\\.1$`)),
      `${CONSENT}=1`,
    ]);
    const now = Date.now() / 1000;
    for (const cookie of cookies) {
      expect(cookie.expires - now).toBeGreaterThan(NINETY_DAYS_S - 120);
      expect(cookie.expires - now).toBeLessThanOrEqual(NINETY_DAYS_S + 5);
      expect(cookie.path).toBe("/");
      expect(cookie.sameSite).toBe("Lax");
    }

    // Accepting starts analytics on the page in view; then one view per navigation.
    expect(pageviews).toEqual(["routes/contact"]);
    await clickNav(page, "Blog", "/blog");
    await expect.poll(() => pageviews).toEqual(["routes/contact", "routes/blog"]);
    await clickNav(page, "About", "/");
    await expect.poll(() => pageviews).toEqual(["routes/contact", "routes/blog", "routes/home"]);

    // A new page load with consent counts itself once: the next navigation's view follows it.
    await visit(page, `${site.url}/careers`);
    expect(await banner(page).count()).toBe(0);
    await clickNav(page, "Blog", "/blog");
    await expect
      .poll(() => pageviews)
      .toEqual(["routes/contact", "routes/blog", "routes/home", "routes/careers", "routes/blog"]);
  });

  it("Confirm my choices with Analytics unticked refuses analytics", async () => {
    const { page, context } = await openPage(browser);
    const pageviews = watchPageviews(page);
    await visit(page, site.url);
    await banner(page).getByRole("button", { name: "Confirm my choices" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    const cookies = await consentCookies(context);
    expect(cookies[CONSENT]?.value).toBe("1");
    expect(cookies[ANALYTICS]?.value).toBe("0");
    await clickNav(page, "Contact", "/contact");
    // Accepting later counts the page in view, first: no view went out while refused.
    await acceptFromFooter(page);
    await expect.poll(() => pageviews).toEqual(["routes/contact"]);
  });

  it("Confirm my choices with Analytics ticked grants it", async () => {
    const { page, context } = await openPage(browser);
    const pageviews = watchPageviews(page);
    await visit(page, site.url);
    await banner(page).getByRole("checkbox", { name: "Analytics" }).check();
    await banner(page).getByRole("button", { name: "Confirm my choices" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect((await consentCookies(context))[ANALYTICS]?.value).toBe("1");
    await expect.poll(() => pageviews).toEqual(["routes/home"]);
  });

  it("the footer's Cookie settings reopens the banner, and Reject All withdraws consent", async () => {
    const { page, context } = await openPage(browser);
    const pageviews = watchPageviews(page);
    await visit(page, site.url);
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => pageviews.length).toBe(1);

    const settings = page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" });
    await settings.click();
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    // Opened in place (no navigation), focus on the banner, the current choice shown.
    expect(new URL(page.url()).search).toBe("");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cookies on this site");
    expect(await banner(page).getByRole("checkbox", { name: "Analytics" }).isChecked()).toBe(true);

    await banner(page).getByRole("button", { name: "Reject All" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cookie settings");
    const cookies = await consentCookies(context);
    expect(cookies[CONSENT]?.value).toBe("1");
    expect(cookies[ANALYTICS]?.value).toBe("0");

    await clickNav(page, "Contact", "/contact");
    // Accepting again counts the page in view, next: no view went out while withdrawn.
    await acceptFromFooter(page);
    await expect.poll(() => pageviews).toEqual(["routes/home", "routes/contact"]);
  });

  it("reopens from the ?cookie-settings=1 address and drops it after the choice", async () => {
    const { page, context } = await openPage(browser);
    const pageviews = watchPageviews(page);
    await context.addCookies([
      { name: CONSENT, value: "1", url: site.url },
      { name: ANALYTICS, value: "0", url: site.url },
    ]);
    await visit(page, `${site.url}/careers?cookie-settings=1`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    await page.waitForURL((url) => url.pathname + url.search === "/careers");
    expect((await consentCookies(context))[ANALYTICS]?.value).toBe("1");
    // Removing the parameter does not bring the banner back once the page shows the new address
    // (its language links follow the address)…
    await page
      .locator('header a[hreflang="fr-CA"][href="/fr/careers"]')
      .first()
      .waitFor({ state: "attached" });
    expect(await banner(page).count()).toBe(0);
    // …and is no new page view: the next one is the next page's.
    await clickNav(page, "Blog", "/blog");
    await expect.poll(() => pageviews).toEqual(["routes/careers", "routes/blog"]);
  });

  it("works without JavaScript: the banner is a form", async () => {
    const { page, context } = await openPage(browser, { javaScript: false });
    await page.goto(`${site.url}/careers?team=art`);
    await newDocument(page, () => banner(page).getByRole("button", { name: "Accept All" }).click());
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/careers?team=art");
    expect(await banner(page).count()).toBe(0);
    let cookies = await consentCookies(context);
    expect([cookies[CONSENT]?.value, cookies[ANALYTICS]?.value]).toEqual(["1", "1"]);
    expect(cookies[RECORD]?.value).toMatch(new RegExp(`^${UUID}\\.1$`));

    // The footer link reloads the page with the banner, showing the stored choice.
    await newDocument(page, () =>
      page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click(),
    );
    expect(await banner(page).isVisible()).toBe(true);
    expect(await banner(page).getByRole("checkbox", { name: "Analytics" }).isChecked()).toBe(true);
    // The strictly necessary box: ticked, disabled, valid (no `readonly`), and never in the post.
    const necessary = banner(page).getByRole("checkbox", { name: /Strictly necessary/ });
    expect([await necessary.isChecked(), await necessary.isDisabled()]).toEqual([true, true]);
    expect(await necessary.getAttribute("readonly")).toBeNull();
    await newDocument(page, () => banner(page).getByRole("button", { name: "Reject All" }).click());
    expect(new URL(page.url()).search).toBe("");
    expect(await banner(page).count()).toBe(0);
    cookies = await consentCookies(context);
    expect([cookies[CONSENT]?.value, cookies[ANALYTICS]?.value]).toEqual(["1", "0"]);
  });

  it("a failing API call shows its message as a toast, translated, and the progress bar while it waits", async () => {
    const { page, context } = await openPage(browser, { allowErrors: [/status of 503/] });
    // The answer waits until the test has seen the progress bar.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route("**/api/consents", async (route) => {
      await answered;
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ messages: ["SERVICE_TEMPORARILY_UNAVAILABLE"] }),
      });
    });
    await page.clock.install();
    await visit(page, `${site.url}/fr`);
    await banner(page, "Témoins sur ce site").getByRole("button", { name: "Tout accepter" }).click();
    await expect.poll(() => page.getByRole("progressbar").count()).toBe(1);
    await stopClock(page);
    answer();
    const toast = page.getByRole("alert").filter({ hasText: "Réessayez plus tard" });
    await expect.poll(() => toast.count()).toBe(1);
    // The choice was not stored: the banner stays for another try.
    expect(await banner(page, "Témoins sur ce site").isVisible()).toBe(true);
    expect(await context.cookies()).toEqual([]);
    // The bar goes once the answer is in; error toasts leave after 4 s, not before.
    await page.clock.runFor(3999);
    await expect.poll(() => page.getByRole("progressbar").count()).toBe(0);
    expect(await toast.count()).toBe(1);
    await page.clock.runFor(1);
    await expect.poll(() => toast.count()).toBe(0);
  });

  it("tells the visitor when the connection drops and when it is back", async () => {
    // Requests already under way when the connection drops fail, as they would for a visitor.
    const { page, context } = await openPage(browser, { allowErrors: [/ERR_INTERNET_DISCONNECTED/] });
    // The page's clock stands still from the start, so the page never reaches the idle moment
    // that turns link prefetching on. React Router reloads the page when a route module it is
    // prefetching fails to load: a drop in the middle of one would make this a test of that
    // reload (waiting for the network to fall quiet cannot tell whether prefetching has begun).
    await page.clock.install();
    await stopClock(page);
    await visit(page, site.url);
    const notice = page.getByRole("status").filter({ hasText: /offline|back online/ });
    await context.setOffline(true);
    await expect.poll(() => notice.textContent()).toContain("You are offline.");
    await context.setOffline(false);
    await expect.poll(() => notice.textContent()).toBe("You are back online.");
    // It stays 4 s, not less.
    await page.clock.runFor(3999);
    expect(await notice.allTextContents()).toEqual(["You are back online."]);
    await page.clock.runFor(1);
    await expect.poll(() => notice.count()).toBe(0);
  });

  it("the page-view endpoint refuses a visitor without consent", async () => {
    const res = await fetch(`${site.url}/api/analytics/pageview`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: `${CONSENT}=1; ${ANALYTICS}=0` },
      body: JSON.stringify({ route: "routes/home" }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ messages: ["ANALYTICS_CONSENT_REQUIRED"] });
  });

  it("is axe clean with the banner open, on a phone and a desktop", async () => {
    for (const width of [375, 1280]) {
      const { page } = await openPage(browser, { width });
      await visit(page, site.url);
      await expect.poll(() => banner(page).isVisible()).toBe(true);
      await expectAxeClean(page, `consent banner at ${width}px`);
    }
  });

  it("takes no focus on load; Tab reads the banner in order, then the skip links, and 'Cookie settings' leads back to it", async () => {
    const { page } = await openPage(browser);
    await visit(page, site.url);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    // A labelled region at the top of the page, before the content, that keeps no focus for itself.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    expect(
      await banner(page).evaluate(
        (el) =>
          el.compareDocumentPosition(document.getElementById("main")!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ),
    ).toBeTruthy();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const name = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : el.textContent;
        return `${el.tagName.toLowerCase()} ${name?.trim()}`;
      });
    const sequence: string[] = [];
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press("Tab");
      sequence.push(await focused());
    }
    // The disabled "Strictly necessary" box is skipped; focus leaves the banner (no trap).
    expect(sequence).toEqual([
      "a How we use cookies",
      "input Analytics",
      "button Accept All",
      "button Reject All",
      "button Confirm my choices",
      "a Skip to main content",
      "a Cookie settings",
    ]);
    // The skip link brings focus to the banner, whose content follows in order.
    await page.keyboard.press("Enter");
    expect(await focused()).toBe("h2 Cookies on this site");
    await page.keyboard.press("Tab");
    expect(await focused()).toBe("a How we use cookies");
    await expectAxeClean(page, "banner reached from the skip link");
  });

  it("works at 320 px wide and at 200% zoom: nothing scrolls sideways, every button shows", async () => {
    // 320 × 640: the narrowest phone (WCAG 1.4.10). 640 × 400: a 1280 × 800 window at 200%.
    for (const viewport of [
      { width: 320, height: 640 },
      { width: 640, height: 400 },
    ]) {
      for (const { path, title, buttons } of bannerLanguages) {
        const { page } = await openPage(browser, { width: viewport.width });
        await page.setViewportSize(viewport);
        await visit(page, site.url + path);
        const label = `${path} at ${viewport.width} × ${viewport.height}`;
        await expectFitsWidth(page, label);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), label).toBeLessThanOrEqual(
          viewport.width,
        );
        for (const name of buttons) {
          const button = banner(page, title).getByRole("button", { name });
          await button.scrollIntoViewIfNeeded();
          const box = await button.boundingBox();
          expect(box && (await button.isVisible()), `${label} ${name}`).toBeTruthy();
          expect(box && box.x >= 0 && box.x + box.width <= viewport.width, `${label} ${name}`).toBe(true);
        }
        await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
        await expectFitsWidth(page, `${label}, whole page`);
      }
    }
  });

  it("leaves a phone's first screen mostly to the page, in the longest language", async () => {
    const { page } = await openPage(browser, { width: 375, javaScript: false });
    await page.goto(`${site.url}/fr`);
    const box = await banner(page, "Témoins sur ce site").boundingBox();
    // The banner sits above the header: at most two thirds of an 800-pixel-high screen, all
    // three buttons within it.
    expect(box?.height).toBeLessThanOrEqual(800 * (2 / 3));
    for (const name of ["Tout accepter", "Tout refuser", "Confirmer mes choix"]) {
      const button = await page.getByRole("button", { name }).boundingBox();
      expect(button && button.y + button.height).toBeLessThanOrEqual(800);
    }
  });

  it("fits a 375 × 812 phone in at most 270 px, every choice and button visible and readable, in every language", async () => {
    for (const javaScript of [true, false]) {
      for (const { path, title, buttons } of bannerLanguages) {
        const { page } = await openPage(browser, { width: 375, javaScript });
        await page.setViewportSize({ width: 375, height: 812 });
        await page.goto(site.url + path);
        const region = banner(page, title);
        const box = await region.boundingBox();
        expect(box, `${path} banner`).not.toBeNull();
        expect(box?.height, `${path} banner height`).toBeLessThanOrEqual(270);
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        // Every button and both choices whole inside the band, at least 44 px tall.
        const targets = [
          ...buttons.map((name) => region.getByRole("button", { name })),
          ...(await region.locator(".consent-option__label").all()),
        ];
        expect(targets).toHaveLength(5);
        for (const target of targets) {
          const b = await target.boundingBox();
          expect(b && (await target.isVisible())).toBeTruthy();
          if (!b || !box) continue;
          expect(b.y).toBeGreaterThanOrEqual(box.y);
          expect(b.y + b.height).toBeLessThanOrEqual(box.y + box.height);
          expect(b.height).toBeGreaterThanOrEqual(44);
        }
        // The title, the legend and the choices show in full; text is 14 px or more.
        for (const selector of ["h2", "legend", ".consent-option__label"]) {
          for (const el of await region.locator(selector).all()) {
            const b = await el.boundingBox();
            expect(
              b && box && b.y >= box.y && b.y + b.height <= box.y + box.height,
              `${path} ${selector}`,
            ).toBe(true);
          }
        }
        const smallest = await region.evaluate((el) =>
          Math.min(
            ...[...el.querySelectorAll("h2, p, a, legend, label, span, button")]
              .filter((e) => e.getClientRects().length > 0)
              .map((e) => Number.parseFloat(getComputedStyle(e).fontSize)),
          ),
        );
        expect(smallest, `${path} smallest font size`).toBeGreaterThanOrEqual(14);
        // Every text is still there: the intro (in its scrolling box) and the policy link.
        expect(await region.getByRole("link").first().isVisible()).toBe(true);
      }
    }
  });

  it("Global Privacy Control with JavaScript: no analytics request, the banner says why, the signal is sent without a cookie, until an explicit accept, which stands", async () => {
    const { page, context } = await openPage(browser);
    await withGpc(context);
    const requests = watchAnalytics(page);
    const signalSent = signalAnswer(page);
    await visit(page, `${site.url}/careers`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    expect(await banner(page).getByText(GPC_LINE).isVisible()).toBe(true);
    expect(await banner(page).getByRole("checkbox", { name: "Analytics" }).isChecked()).toBe(false);
    // The signal goes to the server (recorded at most once per address a day), but the visitor
    // who has done nothing else gets no cookie at all: no random id.
    expect((await signalSent).status()).toBe(200);
    expect(await context.cookies()).toEqual([]);

    await clickNav(page, "Contact", "/contact");
    await clickNav(page, "Blog", "/blog");
    // A new document, rendered by the server with the header: the banner still asks, and says why.
    await visit(page, `${site.url}/careers`);
    await expect.poll(() => banner(page).getByText(GPC_LINE).isVisible()).toBe(true);
    await clickNav(page, "Contact", "/contact");
    expect(requests).toEqual([]);

    expect(await context.cookies()).toEqual([]);

    // An explicit accept is the visitor's: analytics starts, the line goes.
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => requests).toEqual(["/api/analytics/pageview"]);
    const receipt = await receiptOf(context, site.url);
    expect(receipt.consentId).toBe((await consentCookies(context))[RECORD]?.value.split(".")[0]);
    // Made under the signal, as its record says.
    expect(receipt.records.map((r) => [r.method, r.analytics, r.gpc])).toEqual([["accept-all", true, true]]);
    // On the next page the server confirms that accept over the signal: analytics goes on.
    const confirmed = signalAnswer(page);
    await visit(page, `${site.url}/contact`);
    expect(((await (await confirmed).json()) as { consent: { analytics: boolean } }).consent.analytics).toBe(
      true,
    );
    await expect.poll(() => requests).toEqual(["/api/analytics/pageview", "/api/analytics/pageview"]);
  });

  it("Global Privacy Control shown only to scripts still keeps analytics off and is said", async () => {
    const { page, context } = await openPage(browser);
    await withGpc(context, { header: false });
    const requests = watchAnalytics(page);
    const signalSent = signalAnswer(page);
    await visit(page, `${site.url}/fr/careers`);
    const fr = banner(page, "Témoins sur ce site");
    await expect
      .poll(() =>
        fr
          .getByText(
            "Votre navigateur demande aux sites de ne pas vous suivre : les statistiques restent désactivées.",
          )
          .isVisible(),
      )
      .toBe(true);
    expect((await signalSent).status()).toBe(200);
    expect(await context.cookies()).toEqual([]);
    await banner(page, "Témoins sur ce site").getByRole("button", { name: "Tout refuser" }).click();
    await expect.poll(() => banner(page, "Témoins sur ce site").count()).toBe(0);
    // The cookie settings say it too, after the choice (the answer's request carried no header).
    await page.getByRole("contentinfo").getByRole("link", { name: "Paramètres des témoins" }).click();
    await expect.poll(() => fr.getByText(/Votre navigateur demande aux sites/).isVisible()).toBe(true);
    await page.getByRole("banner").getByRole("link", { name: "Nous joindre", exact: true }).first().click();
    await page.waitForURL((url) => url.pathname === "/fr/contact");
    expect(requests).toEqual([]);
    // The signal scripts see went with the choice.
    expect((await receiptOf(context, site.url)).records.map((r) => [r.method, r.gpc])).toEqual([
      ["reject", true],
    ]);
  });

  it("Global Privacy Control without JavaScript: the server renders the line, keys its cache on it, and records the signal with the choice", async () => {
    // A visitor without the signal has the page cached first: the signal is part of the key.
    const { page, context } = await openPage(browser, { javaScript: false });
    // As this browser: the cache keeps crawlers' pages apart.
    const userAgent = await page.evaluate(() => navigator.userAgent);
    const url = `${site.url}/careers?team=audio`;
    await (await fetch(url, { headers: { "User-Agent": userAgent } })).text();
    expect((await fetch(url, { headers: { "User-Agent": userAgent } })).headers.get("x-page-cache")).toBe(
      "hit",
    );

    await withGpc(context, { script: false });
    const res = await page.goto(url);
    expect(res?.headers().vary).toMatch(/\bSec-GPC\b/i);
    expect(await banner(page).getByText(GPC_LINE).isVisible()).toBe(true);
    expect(await context.cookies()).toEqual([]);
    // The same page again is the signal's own cached copy.
    const again = await page.goto(url);
    expect(again?.headers()["x-page-cache"]).toBe("hit");
    expect(await banner(page).getByText(GPC_LINE).isVisible()).toBe(true);

    await newDocument(page, () => banner(page).getByRole("button", { name: "Reject All" }).click());
    let cookies = await consentCookies(context);
    expect([cookies[CONSENT]?.value, cookies[ANALYTICS]?.value]).toEqual(["1", "0"]);
    // The cookie settings say it too.
    await newDocument(page, () =>
      page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click(),
    );
    expect(await banner(page).getByText(GPC_LINE).isVisible()).toBe(true);
    await newDocument(page, () => banner(page).getByRole("button", { name: "Accept All" }).click());
    cookies = await consentCookies(context);
    expect(cookies[ANALYTICS]?.value).toBe("1");
    // The signal's own record goes first when this address has not sent one today.
    const { records } = await receiptOf(context, site.url);
    expect(records.filter((r) => r.method !== "gpc").map((r) => [r.method, r.analytics, r.gpc])).toEqual([
      ["reject", false, true],
      ["accept-all", true, true],
    ]);
  });

  it("shows the visitor their latest record, hands them their receipt, and records a withdrawal", async () => {
    const { page, context } = await openPage(browser);
    await visit(page, `${site.url}/contact`);
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    const consentId = (await consentCookies(context))[RECORD]?.value.split(".")[0];

    const settings = page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" });
    await settings.click();
    await expect
      .poll(() => banner(page).getByText(`You chose: necessary and analytics, on ${today()}.`).count())
      .toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      banner(page).getByRole("link", { name: "Download my consent receipt" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^consent-receipt-[0-9a-f]{8}\.json$/);
    const file = JSON.parse((await downloadedBytes(download)).toString("utf8")) as {
      consentId: string;
      records: Array<{ method: string }>;
    };
    expect(file.consentId).toBe(consentId);
    expect(file.records.map((r) => r.method)).toEqual(["accept-all"]);

    // Withdrawing is recorded as such, and shown.
    await banner(page).getByRole("button", { name: "Reject All" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    await settings.click();
    await expect
      .poll(() => banner(page).getByText(`You chose: necessary only, on ${today()}.`).count())
      .toBe(1);
    const receipt = await receiptOf(context, site.url);
    expect(receipt.consentId).toBe(consentId);
    expect(receipt.records.map((r) => [r.method, r.analytics])).toEqual([
      ["accept-all", true],
      ["withdrawal", false],
    ]);
  });

  it("keeps serving a public page from the page cache to a visitor who made a choice, without their consent id", async () => {
    const { page, context } = await openPage(browser);
    await visit(page, `${site.url}/careers`);
    await banner(page).getByRole("button", { name: "Reject All" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    const consentId = (await consentCookies(context))[RECORD]?.value.split(".")[0] ?? "";
    expect(consentId).toMatch(new RegExp(`^${UUID}$`));

    await page.goto(`${site.url}/careers`);
    const res = await page.goto(`${site.url}/careers`);
    expect(res?.headers()["x-page-cache"]).toBe("hit");
    expect(await res?.text()).not.toContain(consentId);
    await waitForHydration(page);
    expect(await banner(page).count()).toBe(0);

    // Another visitor with the same choice and another id is served the same cached page.
    const otherId = crypto.randomUUID();
    const other = await fetch(`${site.url}/careers`, {
      headers: {
        Cookie: `${CONSENT}=1; ${ANALYTICS}=0; ${RECORD}=${otherId}.1`,
        "User-Agent": await page.evaluate(() => navigator.userAgent),
      },
    });
    expect(other.headers.get("x-page-cache")).toBe("hit");
    const html = await other.text();
    expect(html).not.toContain(otherId);
    expect(html).not.toContain(consentId);
  });

  it("shows a server-rendered flash message once, even without JavaScript", async () => {
    const { page, context } = await openPage(browser, { javaScript: false });
    const flash = Buffer.from(JSON.stringify({ kind: "error", messages: ["TOO_MANY_REQUESTS"] })).toString(
      "base64url",
    );
    await context.addCookies([{ name: "studio_flash", value: flash, url: site.url }]);
    await page.goto(`${site.url}/fr`);
    const toast = page.getByRole("alert").filter({ hasText: "Trop de tentatives" });
    expect(await toast.count()).toBe(1);
    expect((await context.cookies()).map((c) => c.name)).not.toContain("studio_flash");
    await page.reload();
    expect(await toast.count()).toBe(0);
  });
});

describe("a new revision of the consent policy", () => {
  let browser: Browser;
  let dataDir: string;
  let contentDir: string;
  beforeAll(async () => {
    browser = await sharedBrowser();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-e2e-consent-data-"));
    // The studio's content with the revision raised, as the studio would commit it.
    contentDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "studio-e2e-consent-")), "content");
    fs.cpSync(testContent, contentDir, { recursive: true });
    const policy = path.join(contentDir, "consent.yaml");
    fs.writeFileSync(policy, fs.readFileSync(policy, "utf8").replace(/^revision: 1$/m, "revision: 2"));
    await stampContent(contentDir);
  });
  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(path.dirname(contentDir), { recursive: true, force: true });
  });

  // Two starts of the site (before and after the content change): more than a test's usual time.
  it("asks returning visitors again, with and without JavaScript, under the same consent id", async () => {
    const { page, context } = await openPage(browser);
    let site = await startSite({ dataDir });
    let consentId = "";
    try {
      await visit(page, `${site.url}/contact`);
      await banner(page).getByRole("button", { name: "Accept All" }).click();
      await expect.poll(() => banner(page).count()).toBe(0);
      const record = (await consentCookies(context))[RECORD]?.value ?? "";
      expect(record).toMatch(new RegExp(`^${UUID}\\.1$`));
      consentId = record.split(".")[0] ?? "";
      await visit(page, `${site.url}/careers`);
      expect(await banner(page).count()).toBe(0);
      // Nothing left open on a site about to stop.
      await page.goto("about:blank");
    } finally {
      await site.stop();
    }

    // The studio raises the revision: the same data, the new content.
    site = await startSite({ dataDir, env: { CONTENT_DIR: contentDir } });
    try {
      const settings = (await (await fetch(`${site.url}/api/configs/consents`)).json()) as {
        revision: number;
      };
      expect(settings.revision).toBe(2);

      // Without JavaScript the server renders the banner again for the same cookies.
      const noJs = await openPage(browser, { javaScript: false });
      await noJs.context.addCookies(await context.cookies());
      await noJs.page.goto(`${site.url}/careers`);
      expect(await banner(noJs.page).isVisible()).toBe(true);
      expect(await banner(noJs.page).getByRole("checkbox", { name: "Analytics" }).isChecked()).toBe(false);

      // With JavaScript: asked again, and nothing counted until the visitor answers.
      const pageviews = watchPageviews(page);
      await visit(page, `${site.url}/careers`);
      await expect.poll(() => banner(page).isVisible()).toBe(true);
      await clickNav(page, "Contact", "/contact");
      expect(pageviews).toEqual([]);
      await banner(page).getByRole("button", { name: "Accept All" }).click();
      await expect.poll(() => pageviews).toEqual(["routes/contact"]);
      expect((await consentCookies(context))[RECORD]?.value).toBe(`${consentId}.2`);
      await visit(page, `${site.url}/careers`);
      expect(await banner(page).count()).toBe(0);
      const receipt = await receiptOf(context, site.url);
      expect(receipt.consentId).toBe(consentId);
      expect(receipt.records.map((r) => [r.method, r.revision])).toEqual([
        ["accept-all", 1],
        ["accept-all", 2],
      ]);
      await Promise.all([page.goto("about:blank"), noJs.page.goto("about:blank")]);
    } finally {
      await site.stop();
    }
  }, 300_000);
});

describe("an outside analytics provider", () => {
  let site: Site;
  let browser: Browser;
  let provider: http.Server;
  let scriptUrl: string;
  let origin = "";
  const scriptRequests: string[] = [];
  /** When each of the provider's hits arrived, by the way it was sent. */
  const hits: Record<"collect" | "pixel" | "frame" | "socket", number[]> = {
    collect: [],
    pixel: [],
    frame: [],
    socket: [],
  };
  /** The stand-in counts a socket and closes it: the browser says so in the console. */
  const socketClosed = /WebSocket connection to .* failed/;
  const hitsAfter = (at: number) =>
    Object.fromEntries(Object.entries(hits).map(([way, times]) => [way, times.filter((t) => t > at).length]));

  beforeAll(async () => {
    // The provider: a script on another origin that sets its own cookie, as such tools do. It
    // keeps working as such tools do: every 100 ms it sets its cookie again and reports a hit by
    // fetch and beacon, and every third time by ways no patch in a page sees: an image whose
    // address is set as an attribute, a frame, a WebSocket.
    provider = http.createServer((req, res) => {
      const way = req.url?.slice(1).split("?")[0];
      if (way === "collect" || way === "pixel" || way === "frame") {
        hits[way].push(Date.now());
        res.writeHead(way === "collect" ? 204 : 200, { "Content-Type": "text/html" }).end();
        return;
      }
      scriptRequests.push(req.url ?? "");
      res.writeHead(200, { "Content-Type": "text/javascript" });
      res.end(`document.cookie = "_prov_id=visitor42; Path=/"; window.__providerRan = true;
        window.__providerTicks = 0;
        var frame = null;
        setInterval(function () {
          window.__providerTicks++;
          document.cookie = "_prov_id=visitor42; Path=/";
          fetch("${origin}/collect", {
            method: "POST", mode: "no-cors", body: "hit", keepalive: true,
          }).catch(function () {});
          navigator.sendBeacon("${origin}/collect", "hit");
          if (window.__providerTicks % 3 !== 0) return;
          new Image().setAttribute("src", "${origin}/pixel?" + window.__providerTicks);
          if (frame) frame.remove();
          frame = document.createElement("iframe");
          frame.hidden = true;
          frame.src = "${origin}/frame?" + window.__providerTicks;
          document.body.append(frame);
          try { new WebSocket("${origin.replace("http", "ws")}/socket"); } catch (e) {}
        }, 100);`);
    });
    provider.on("upgrade", (_req, socket) => {
      hits.socket.push(Date.now());
      socket.destroy();
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    scriptUrl = `${origin}/script.js`;
    [site, browser] = await Promise.all([
      // X-Forwarded-For trusted: the fetch-driven tests below post as addresses of their own.
      startSite({
        env: { ANALYTICS_SCRIPT_URL: scriptUrl, ANALYTICS_COOKIE_NAMES: "_prov_id", HTTP_TRUST_PROXY: "1" },
      }),
      sharedBrowser(),
    ]);
  });
  afterAll(async () => {
    await site?.stop();
    provider?.closeAllConnections();
    await new Promise((resolve) => provider?.close(resolve));
  });

  it("names the provider in a page's policy only for a visitor whose consent lets it run", async () => {
    const answers: Array<string | null> = [];
    const policyOf = async (cookie: string) => {
      const res = await fetch(`${site.url}/careers`, { headers: { cookie } });
      answers.push(res.headers.get("x-page-cache"));
      return res.headers.get("content-security-policy") ?? "";
    };
    const directivesNaming = (policy: string) =>
      policy
        .split(";")
        .filter((directive) => directive.includes(origin) || directive.includes(origin.replace("http", "ws")))
        .map((directive) => directive.trim().split(" ")[0])
        .sort();
    const choose = async (choice: string) => {
      const res = await fetch(`${site.url}/api/consents`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: site.url, "x-forwarded-for": "198.51.100.60" },
        body: JSON.stringify({ choice, analytics: choice === "accept-all" }),
      });
      expect(res.status).toBe(200);
      return res.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
    };

    expect(directivesNaming(await policyOf(""))).toEqual([]);
    const accepted = await choose("accept-all");
    expect(directivesNaming(await policyOf(accepted))).toEqual([
      "connect-src",
      "frame-src",
      "img-src",
      "script-src",
    ]);
    // Twice: the second answer comes from the page cache, which keeps the policy it was made with.
    expect(directivesNaming(await policyOf(accepted))).toHaveLength(4);
    const rejected = await choose("reject");
    expect(directivesNaming(await policyOf(rejected))).toEqual([]);
    expect(directivesNaming(await policyOf(rejected))).toEqual([]);
    expect(answers).toEqual(["miss", "miss", "hit", "miss", "hit"]);
  });

  it("starts on the next page once accepted, within the CSP; on withdrawal is stopped in place, its cookie removed, and the next page refuses it", async () => {
    const { page, context } = await openPage(browser, { allowErrors: [socketClosed] });
    const providerScript = page.locator(`script[src="${scriptUrl}"]`);
    // Hydrated: the effects that would add the script have run.
    await visit(page, site.url);
    expect(await providerScript.count()).toBe(0);
    expect(scriptRequests).toEqual([]);
    expect(hitsAfter(0)).toEqual({ collect: 0, pixel: 0, frame: 0, socket: 0 });

    // This page's policy was made before the consent and leaves the provider out: it starts on
    // the next page, a document of its own.
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect(await providerScript.count()).toBe(0);
    /** A mark in the document in view: gone once another document has replaced it. */
    const mark = () =>
      page.evaluate(() => {
        (window as { __sameDocument?: boolean }).__sameDocument = true;
      });
    const sameDocument = () =>
      page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);
    await mark();
    await clickNav(page, "Blog", "/blog");
    await expect.poll(sameDocument).toBe(false);
    await expect
      .poll(() => page.evaluate(() => (window as { __providerRan?: boolean }).__providerRan))
      .toBe(true);
    expect(scriptRequests).toEqual(["/script.js"]);
    // Every way it reports gets through while consent stands.
    await expect.poll(() => Math.min(...Object.values(hitsAfter(0)))).toBeGreaterThan(0);
    expect((await context.cookies()).map((c) => c.name)).toContain("_prov_id");

    // The same document throughout the withdrawal: a mark set now would be gone after a reload.
    await mark();
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    await banner(page).getByRole("button", { name: "Reject All" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    await expect.poll(() => providerScript.count()).toBe(0);
    // The provider's timer still runs in the page, but sends nothing and sets no cookie: seen
    // after it has run a few more times (a count, not a fixed wait a slow machine could outrun).
    const stoppedAt = Date.now();
    const ticks = () => page.evaluate(() => (window as { __providerTicks?: number }).__providerTicks ?? 0);
    const ticksAtStop = await ticks();
    await expect.poll(ticks).toBeGreaterThan(ticksAtStop + 6);
    expect(hitsAfter(stoppedAt + 100)).toEqual({ collect: 0, pixel: 0, frame: 0, socket: 0 });
    expect((await context.cookies()).map((c) => c.name).sort()).toEqual([ANALYTICS, RECORD, CONSENT]);
    expect(await page.evaluate(() => document.cookie)).not.toContain("_prov_id");
    expect(await sameDocument()).toBe(true);
    expect(scriptRequests).toEqual(["/script.js"]);

    // The next page is a new document, whose policy leaves the provider out.
    const next = page.waitForResponse((res) => new URL(res.url()).pathname === "/contact");
    await clickNav(page, "Contact", "/contact");
    await expect.poll(sameDocument).toBe(false);
    const policy = (await (await next).allHeaders())["content-security-policy"];
    expect(policy).not.toContain(origin);
    expect(policy).not.toContain(origin.replace("http", "ws"));
    expect(hitsAfter(stoppedAt + 100)).toEqual({ collect: 0, pixel: 0, frame: 0, socket: 0 });

    // Consent given again: the provider starts on the next page.
    await acceptFromFooter(page);
    await clickNav(page, "Blog", "/blog");
    await expect.poll(() => scriptRequests).toEqual(["/script.js", "/script.js"]);
    const restartedAt = Date.now();
    await expect.poll(() => hitsAfter(restartedAt).collect).toBeGreaterThan(0);
  });

  it("is never loaded on a page whose address holds a private link's token", async () => {
    // Links nobody holds: the status page answers its 404 (which the browser reports).
    const { page } = await openPage(browser, { allowErrors: [/status of 404/, socketClosed] });
    const providerScript = page.locator(`script[src="${scriptUrl}"]`);
    await visit(page, site.url);
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    // It starts on the next page: this one's policy was made before the consent.
    await visit(page, `${site.url}/careers`);
    await expect.poll(() => providerScript.count()).toBe(1);
    const loaded = scriptRequests.length;
    // A status link (in the path) and an account link (in the query), each opened from an e-mail.
    for (const address of [`/status/${"Ab1-".repeat(10)}xyz`, "/account/verify?token=abc"]) {
      await visit(page, `${site.url}${address}`);
      expect(await providerScript.count(), address).toBe(0);
    }
    expect(scriptRequests).toHaveLength(loaded);
    // The next page of the site loads it again: the pages above were kept from it, not the visitor.
    await visit(page, `${site.url}/careers`);
    await expect.poll(() => providerScript.count()).toBe(1);
    expect(scriptRequests).toHaveLength(loaded + 1);
  });

  /** Cookies as a browser would send them next: `before`, updated by a response's Set-Cookie. */
  const nextCookies = (res: Response, before: string) => {
    const jar = new Map(before ? before.split("; ").map((c) => c.split("=") as [string, string]) : []);
    for (const pair of res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "")) {
      const [name = "", value = ""] = pair.split("=");
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  };
  /** The banner as the server renders it (a page's first section, when it is open). */
  const bannerIn = (html: string) => /<section class="consent-banner"[\s\S]*?<\/form>/.exec(html)?.[0];

  it("asks a visitor who accepted before the provider was configured again, naming the provider (no JavaScript needed)", async () => {
    const host = new URL(origin).host;
    const { effectiveRevision } = (await (await fetch(`${site.url}/api/configs/consents`)).json()) as {
      effectiveRevision: string;
    };
    expect(effectiveRevision).toMatch(/^1-[0-9a-f]{8}$/);
    // Cookies as this site wrote them before ANALYTICS_SCRIPT_URL was set: `<id>.1`.
    const consentId = crypto.randomUUID();
    const before = `${CONSENT}=1; ${ANALYTICS}=1; ${RECORD}=${consentId}.1`;
    const page = await (await fetch(`${site.url}/careers`, { headers: { Cookie: before } })).text();
    const shown = bannerIn(page);
    // Asked again, analytics off until the answer, and told who the analytics go to.
    expect(shown).toContain(
      `we would also like to measure how the site is used with ${host}, an outside analytics service`,
    );
    expect(shown).toContain(`load the analytics of ${host}, an outside service: it receives your IP address`);
    expect(shown).not.toMatch(/anonymously|nothing shared/);
    expect(shown).not.toMatch(/<input[^>]*name="analytics"[^>]*checked/);
    for (const [path, text] of [
      ["/fr/careers", `mesurer l’utilisation du site avec ${host}, un service de statistiques externe`],
      ["/es/careers", `medir cómo se usa el sitio con ${host}, un servicio de analítica externo`],
    ] as const) {
      const localized = bannerIn(await (await fetch(`${site.url}${path}`)).text());
      expect(localized, path).toContain(text);
      expect(localized, path).not.toMatch(/anonyme|anónima/);
    }

    // The no-JavaScript form answers under the provider's revision, with the same id.
    const answer = await fetch(`${site.url}/consent`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: before, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ choice: "accept-all", returnTo: "/careers" }),
    });
    expect(answer.status).toBe(303);
    const after = nextCookies(answer, before);
    expect(after).toContain(`${RECORD}=${consentId}.${effectiveRevision}`);
    expect(
      bannerIn(await (await fetch(`${site.url}/careers`, { headers: { Cookie: after } })).text()),
    ).toBeUndefined();
    const receipt = (await (
      await fetch(`${site.url}/api/consents/receipt`, { headers: { Cookie: after } })
    ).json()) as { records: Array<{ method: string; effectiveRevision: string; providers: string[] }> };
    expect(receipt.records).toEqual([
      expect.objectContaining({ method: "accept-all", effectiveRevision, providers: [origin] }),
    ]);
  });

  it("stores the 11th and later Reject All from one address, with and without JavaScript, as a refusal", async () => {
    // One address for many visitors (a campus, a convention): the form budget is 10 records.
    const address = { "X-Forwarded-For": "203.0.113.38" };
    const form = () =>
      fetch(`${site.url}/consent`, {
        method: "POST",
        redirect: "manual",
        headers: { ...address, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ choice: "reject", returnTo: "/careers" }),
      });
    const api = () =>
      fetch(`${site.url}/api/consents`, {
        method: "POST",
        headers: { ...address, "Content-Type": "application/json" },
        body: JSON.stringify({ choice: "reject" }),
      });
    const answers: Response[] = [];
    for (let i = 0; i < 7; i++) answers.push(await form(), await api());
    expect(answers.map((r) => r.status)).toEqual(Array(7).fill([303, 200]).flat());
    for (const res of answers) {
      const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
      expect(cookies.slice(0, 2)).toEqual([`${CONSENT}=1`, `${ANALYTICS}=0`]);
      // The provider's cookie goes too, and the record cookie keeps the choice current.
      expect(cookies).toContain("_prov_id=");
      expect(cookies.at(-1)).toMatch(new RegExp(`^${RECORD}=${UUID}\\.1-[0-9a-f]{8}$`));
    }
    // The same visitor afterwards: the banner stays closed on the server's page.
    const last = answers.at(-1);
    const cookie = last ? nextCookies(last, "") : "";
    expect(
      bannerIn(await (await fetch(`${site.url}/careers`, { headers: { Cookie: cookie } })).text()),
    ).toBeUndefined();
    // A grant from that address must wait: no consent without its record.
    const accept = await fetch(`${site.url}/api/consents`, {
      method: "POST",
      headers: { ...address, "Content-Type": "application/json" },
      body: JSON.stringify({ choice: "accept-all" }),
    });
    expect(accept.status).toBe(429);
  });
});
