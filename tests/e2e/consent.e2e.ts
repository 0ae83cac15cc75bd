import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAxeClean, openBrowser, openPage, type Site, startSite } from "./support/harness";

const CONSENT = "cookieconsent_status";
const ANALYTICS = "cookieanalytcs_status";
const NINETY_DAYS_S = 90 * 24 * 60 * 60;

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

async function consentCookies(context: BrowserContext) {
  return Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
}

/** Opens a page and waits for React to hydrate it (the toast stack marks itself then). */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForSelector(".toasts[data-hydrated]", { state: "attached" });
}

const banner = (page: Page, name = "Cookies on this site") => page.getByRole("region", { name });

/** Navigates in the page (a client-side navigation) through a header link. */
async function clickNav(page: Page, name: string, path: string) {
  await page.getByRole("banner").getByRole("link", { name, exact: true }).first().click();
  await page.waitForURL((url) => url.pathname === path);
  // Beacons go out after the new page renders; give a duplicate the time to show up.
  await page.waitForTimeout(400);
}

describe("cookie consent and analytics", () => {
  let site: Site;
  let browser: Browser;
  beforeAll(async () => {
    [site, browser] = await Promise.all([startSite(), openBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
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
  });

  it("Accept All stores exactly the two cookies for 90 days and counts one page view per navigation", async () => {
    const { page, context } = await openPage(browser);
    const pageviews = watchPageviews(page);
    await visit(page, `${site.url}/contact`);
    const counted = page.waitForResponse((r) => r.url().endsWith("/api/analytics/pageview"));
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect((await counted).status()).toBe(204);
    await expect
      .poll(() => page.getByRole("status").filter({ hasText: "cookie choices have been saved" }).count())
      .toBe(1);

    const cookies = await context.cookies();
    expect(cookies.map((c) => `${c.name}=${c.value}`).sort()).toEqual([`${ANALYTICS}=1`, `${CONSENT}=1`]);
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

    // A new page load with consent counts itself once.
    await visit(page, `${site.url}/careers`);
    await expect.poll(() => pageviews.length).toBe(4);
    await page.waitForTimeout(400);
    expect(pageviews.at(-1)).toBe("routes/careers");
    expect(pageviews).toHaveLength(4);
    expect(await banner(page).count()).toBe(0);
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
    expect(pageviews).toEqual([]);
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
    expect(pageviews).toEqual(["routes/home"]);
  });

  it("reopens from the ?cookie-settings=1 address and drops it after the choice", async () => {
    const { page, context } = await openPage(browser);
    await context.addCookies([
      { name: CONSENT, value: "1", url: site.url },
      { name: ANALYTICS, value: "0", url: site.url },
    ]);
    await visit(page, `${site.url}/careers?cookie-settings=1`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe("/careers");
    expect((await consentCookies(context))[ANALYTICS]?.value).toBe("1");
    // Removing the parameter is no new page view and does not bring the banner back.
    await page.waitForTimeout(400);
    expect(await banner(page).count()).toBe(0);
  });

  it("works without JavaScript: the banner is a form", async () => {
    const { page, context } = await openPage(browser, { javaScript: false });
    await page.goto(`${site.url}/careers?team=art`);
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/careers?team=art");
    expect(await banner(page).count()).toBe(0);
    let cookies = await consentCookies(context);
    expect([cookies[CONSENT]?.value, cookies[ANALYTICS]?.value]).toEqual(["1", "1"]);

    // The footer link reloads the page with the banner, showing the stored choice.
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    await page.waitForLoadState("load");
    expect(await banner(page).isVisible()).toBe(true);
    expect(await banner(page).getByRole("checkbox", { name: "Analytics" }).isChecked()).toBe(true);
    await banner(page).getByRole("button", { name: "Reject All" }).click();
    await page.waitForLoadState("load");
    expect(new URL(page.url()).search).toBe("");
    expect(await banner(page).count()).toBe(0);
    cookies = await consentCookies(context);
    expect([cookies[CONSENT]?.value, cookies[ANALYTICS]?.value]).toEqual(["1", "0"]);
  });

  it("a failing API call shows its message as a toast, translated, and the progress bar while it waits", async () => {
    const { page, context } = await openPage(browser, { allowErrors: [/status of 503/] });
    await page.route("**/api/consents", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ messages: ["SERVICE_TEMPORARILY_UNAVAILABLE"] }),
      });
    });
    await visit(page, `${site.url}/fr`);
    await banner(page, "Témoins sur ce site").getByRole("button", { name: "Tout accepter" }).click();
    await expect.poll(() => page.getByRole("progressbar").count()).toBe(1);
    const toast = page.getByRole("alert").filter({ hasText: "Réessayez plus tard" });
    await expect.poll(() => toast.count()).toBe(1);
    await expect.poll(() => page.getByRole("progressbar").count()).toBe(0);
    // The choice was not stored: the banner stays for another try.
    expect(await banner(page, "Témoins sur ce site").isVisible()).toBe(true);
    expect(await context.cookies()).toEqual([]);
    // Error toasts leave after 4 s.
    await expect.poll(() => toast.count(), { timeout: 7000 }).toBe(0);
  });

  it("tells the visitor when the connection drops and when it is back", async () => {
    // Requests already under way when the connection drops fail, as they would for a visitor.
    const { page, context } = await openPage(browser, { allowErrors: [/ERR_INTERNET_DISCONNECTED/] });
    await visit(page, site.url);
    // Link prefetching starts once the browser is idle. React Router reloads the page when a
    // route module it is prefetching fails to load, so a drop in the middle of one would turn
    // this into a test of that reload: let the prefetches finish first.
    await page.waitForLoadState("networkidle");
    const notice = page.getByRole("status").filter({ hasText: /offline|back online/ });
    await context.setOffline(true);
    await expect.poll(() => notice.textContent()).toContain("You are offline.");
    await context.setOffline(false);
    await expect.poll(() => notice.textContent()).toBe("You are back online.");
    await expect.poll(() => notice.count(), { timeout: 7000 }).toBe(0);
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

describe("an outside analytics provider", () => {
  let site: Site;
  let browser: Browser;
  let provider: http.Server;
  const scriptRequests: string[] = [];

  beforeAll(async () => {
    // The provider: a script on another origin that sets its own cookie, as such tools do.
    provider = http.createServer((req, res) => {
      scriptRequests.push(req.url ?? "");
      res.writeHead(200, { "Content-Type": "text/javascript" });
      res.end('document.cookie = "_prov_id=visitor42; Path=/"; window.__providerRan = true;');
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    const scriptUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/script.js`;
    [site, browser] = await Promise.all([
      startSite({ env: { ANALYTICS_SCRIPT_URL: scriptUrl, ANALYTICS_COOKIE_NAMES: "_prov_id" } }),
      openBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await site?.stop();
    await new Promise((resolve) => provider?.close(resolve));
  });

  it("loads only after consent, within the CSP, and is stopped and its cookie removed on withdrawal", async () => {
    const { page, context } = await openPage(browser);
    await visit(page, site.url);
    await page.waitForTimeout(500);
    expect(scriptRequests).toEqual([]);

    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as { __providerRan?: boolean }).__providerRan))
      .toBe(true);
    expect(scriptRequests).toEqual(["/script.js"]);
    expect((await context.cookies()).map((c) => c.name)).toContain("_prov_id");

    // Withdrawing reloads the page so the provider's script stops; its cookie is gone.
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    const reloaded = page.waitForEvent("load");
    await banner(page).getByRole("button", { name: "Reject All" }).click();
    await reloaded;
    await page.waitForSelector(".toasts[data-hydrated]", { state: "attached" });
    await page.waitForTimeout(500);
    expect((await context.cookies()).map((c) => c.name).sort()).toEqual([ANALYTICS, CONSENT]);
    expect(await page.evaluate(() => (window as { __providerRan?: boolean }).__providerRan)).toBeUndefined();
    expect(scriptRequests).toEqual(["/script.js"]);
  });
});
