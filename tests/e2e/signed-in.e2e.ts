import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountPassword, createVerifiedAccount } from "./support/accounts";
import { openBrowser, openPage, sharedSite, waitForHydration } from "./support/harness";

/**
 * A signed-in visitor gets the shared copy of every public page, and the header shows the
 * account after load from the sign-in hint, with no request (docs/decisions/0060, 0064): the
 * same HTML as an anonymous visitor's, the account area still theirs alone. HTTP first; one
 * browser test for the header at both widths and without JavaScript.
 */
const site = sharedSite();
const stamp = Date.now() % 1e8;
const account = { username: `header_${stamp}`, email: `header-${stamp}@example.com` };
/** The name the browser test gives the account on its profile page. */
const renamed = `renamed_${stamp}`;
/** The Cookie header a sign-in gives (the session and the browser's hint), as a browser sends it. */
let signedIn: string;
let browser: Browser;

async function signIn(): Promise<string> {
  const login = await fetch(`${site.url}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({ identifier: account.email, password: accountPassword }),
  });
  expect(login.status).toBe(200);
  const cookies = login.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  return cookies.filter((c) => /^studio_(session|signed_in)=./.test(c)).join("; ");
}

/** A Cookie header as the browser context's cookies for the site. */
const browserCookies = (header: string) =>
  header.split("; ").map((pair) => {
    const [name = "", value = ""] = pair.split("=");
    return { name, value, url: site.url };
  });

const get = (path: string, cookie?: string) =>
  fetch(`${site.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  await createVerifiedAccount(site, account);
  signedIn = await signIn();
  expect(signedIn).toMatch(new RegExp(`studio_session=.+; studio_signed_in=\\d+\\.${account.username}$`));
  browser = await openBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe("a signed-in visitor on public pages", () => {
  it("gets the very bytes an anonymous visitor gets, from the page cache", async () => {
    for (const path of ["/careers", "/fr", "/es/contact"]) {
      await get(path);
      const anonymous = await get(path);
      expect(anonymous.headers.get("x-page-cache"), path).toBe("hit");
      const mine = await get(path, signedIn);
      expect(mine.headers.get("x-page-cache"), path).toBe("hit");
      expect(mine.headers.get("set-cookie"), path).toBeNull();
      const [anonymousBody, myBody] = [await anonymous.arrayBuffer(), await mine.arrayBuffer()];
      expect(Buffer.from(myBody).equals(Buffer.from(anonymousBody)), path).toBe(true);
      expect(Buffer.from(myBody).toString("utf8"), path).not.toContain(account.username);
    }
  });

  it("keeps the account area, status and token pages private: rendered for them, never stored", async () => {
    const overview = await get("/account", signedIn);
    expect(overview.status).toBe(200);
    expect(overview.headers.get("cache-control")).toBe("private, no-store");
    expect(overview.headers.get("x-page-cache")).toBeNull();
    expect(await overview.text()).toContain(account.email);
    for (const path of ["/account/security", "/status/not-a-token", "/privacy/requests/not-a-token"]) {
      const answer = await get(path, signedIn);
      expect(answer.headers.get("cache-control"), path).toMatch(/no-store/);
      expect(answer.headers.get("x-page-cache"), path).toBeNull();
    }
    // Signed out, "Account" leads to sign-in, and back.
    const signedOut = await get("/fr/account");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/fr/account/login");
  });

  it("has its sign-in hint put right by the account pages: a stale name written anew, a dead session's hint deleted", async () => {
    const session = signedIn.split("; ")[0] as string;
    const hint = (signedIn.split("; ")[1] as string).replace(account.username, "someone_else");
    const stale = await get("/account/security", `${session}; ${hint}`);
    expect(stale.status).toBe(200);
    expect(stale.headers.getSetCookie()).toEqual([
      expect.stringMatching(
        new RegExp(`^studio_signed_in=\\d+\\.${account.username}; Max-Age=\\d+;.*Path=/; SameSite=Lax$`),
      ),
    ]);
    // Right already: nothing set.
    expect((await get("/account/security", signedIn)).headers.getSetCookie()).toEqual([]);
    // A session ended elsewhere: "My account" leads to sign-in, and the header's hint goes.
    const ended = await get("/fr/account", "studio_session=ended; studio_signed_in=1800000000.someone");
    expect(ended.status).toBe(302);
    expect(ended.headers.get("location")).toBe("/fr/account/login");
    expect(ended.headers.getSetCookie()).toEqual([expect.stringMatching(/^studio_signed_in=; Max-Age=0/)]);
  });
});

describe("GET /api/account/me", () => {
  it("names the signed-in visitor, for them alone", async () => {
    const me = await get("/api/account/me", signedIn);
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    const body = (await me.json()) as { user: { username: string }; expire: string };
    expect(body.user).toEqual({ username: account.username });
    expect(Date.parse(body.expire)).toBeGreaterThan(Date.now());
  });

  it("answers 401 without a live session, and deletes a hint left behind", async () => {
    const anonymous = await get("/api/account/me");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("cache-control")).toBe("private, no-store");
    expect(await anonymous.json()).toEqual({ messages: ["NEEDS_LOGIN_REFRESH"] });
    expect(anonymous.headers.get("set-cookie")).toBeNull();
    const stale = await get("/api/account/me", "studio_session=ended; studio_signed_in=1800000000");
    expect(stale.status).toBe(401);
    expect(stale.headers.get("set-cookie")).toMatch(/^studio_signed_in=; Max-Age=0/);
  });
});

/** The header's account part in the main bar, once the page's scripts run. */
const headerBar = (page: Page) => page.locator("header.site-header .account-nav");

describe("the header", () => {
  it("shows the name, My account and a Sign out form with no request, at 1280 and 375 px; a new name on the next page; Account without JavaScript", async () => {
    // Its own session: signing out ends it.
    const session = await signIn();
    const { page, context } = await openPage(browser, { width: 1280 });
    const accountRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/account")) accountRequests.push(request.url());
    });
    await context.addCookies(browserCookies(session));
    await page.goto(`${site.url}/careers`);
    await waitForHydration(page);
    const bar = headerBar(page);
    await bar.getByText(account.username).waitFor();
    expect(await bar.getByRole("link", { name: "My account" }).getAttribute("href")).toBe("/account");
    expect(await bar.getByRole("button", { name: "Sign out" }).count()).toBe(1);
    expect(await bar.getByRole("link", { name: "Account", exact: true }).count()).toBe(0);
    // In French, the longest menu, the bar still holds it all within the header's width.
    await page.goto(`${site.url}/fr/careers`);
    await waitForHydration(page);
    const signOutBox = await bar.getByRole("button", { name: "Se déconnecter" }).boundingBox();
    const headerBox = await page.locator("header.site-header .site-header__inner").first().boundingBox();
    expect(signOutBox!.x + signOutBox!.width).toBeLessThanOrEqual(headerBox!.x + headerBox!.width + 1);

    // A new name on the profile page shows in the header of the next public page.
    await page.goto(`${site.url}/account/profile`);
    await waitForHydration(page);
    await page.fill('[id="update-profile-username"]', renamed);
    await page.getByRole("button", { name: "Save the username" }).click();
    await page.getByText("Your username is saved.").waitFor();
    await page.goto(`${site.url}/careers`);
    await bar.getByText(renamed).waitFor();
    expect(accountRequests).toEqual([]);

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const menu = page.locator("#mobile-menu");
    await menu.getByText(renamed).waitFor();
    expect(await menu.getByRole("link", { name: "My account" }).getAttribute("href")).toBe("/account");
    await Promise.all([
      page.waitForURL(`${site.url}/account/login`),
      menu.getByRole("button", { name: "Sign out" }).click(),
    ]);
    // The session is over, and the browser holds neither it nor the hint: "Account" again.
    expect((await get("/api/account/sessions", session)).status).toBe(401);
    const left = (await context.cookies()).map((c) => c.name);
    expect(left).not.toContain("studio_session");
    expect(left).not.toContain("studio_signed_in");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${site.url}/careers`);
    await waitForHydration(page);
    expect(await headerBar(page).getByRole("link", { name: "Account", exact: true }).count()).toBe(1);
    expect(await headerBar(page).textContent()).not.toContain(renamed);

    const noScript = await openPage(browser, { width: 1280, javaScript: false });
    await noScript.context.addCookies(browserCookies(await signIn()));
    await noScript.page.goto(`${site.url}/fr/careers`);
    const link = noScript.page
      .locator("header .account-nav")
      .getByRole("link", { name: "Compte", exact: true });
    expect(await link.getAttribute("href")).toBe("/fr/account");
    expect(await noScript.page.locator("header.site-header").textContent()).not.toContain(renamed);
  });

  it("shows the name once the login form has signed in, on the next page reached by a link, with no reload", async () => {
    const { page } = await openPage(browser, { width: 1280 });
    await page.goto(`${site.url}/es/account/login`);
    await waitForHydration(page);
    await page.fill('[id="login-identifier"]', account.email);
    await page.fill('[id="login-password"]', accountPassword);
    await page.click("form#login button[type=submit]");
    await page.waitForURL(`${site.url}/es/account`);
    await page.locator("header .brand").click();
    await page.waitForURL(`${site.url}/es`);
    await headerBar(page).getByText(renamed).waitFor();
    expect(await headerBar(page).getByRole("link", { name: "Mi cuenta" }).getAttribute("href")).toBe(
      "/es/account",
    );
    // Still the document the login page loaded: the router's navigations only.
    expect(await page.evaluate(() => performance.getEntriesByType("navigation")[0]?.name)).toBe(
      `${site.url}/es/account/login`,
    );
  });
});
