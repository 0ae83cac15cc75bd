import http from "node:http";
import type { AddressInfo } from "node:net";
import { OAuth2Server } from "oauth2-mock-server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedAccount, submitLogin } from "./support/accounts";
import {
  expectAxeClean,
  expectFitsWidth,
  newDocument,
  openBrowser,
  openPage,
  type Site,
  startSite,
  toastsShown,
  waitForHydration,
} from "./support/harness";

/**
 * Linked platforms and merch as an account holder uses them: the site runs against a
 * real OAuth 2.0 server started here as Twitch (it checks PKCE S256), links Twitch from the
 * platforms page, sees it linked, unlinks it after the confirmation, and browses the merch.
 */

let site: Site;
let browser: Browser;
let oauth: OAuth2Server;
let steam: http.Server;

const username = "mara_k";

beforeAll(async () => {
  oauth = new OAuth2Server();
  await oauth.issuer.keys.generate("RS256");
  await oauth.start(0, "127.0.0.1");
  oauth.service.on("beforeUserinfo", (response: { body: unknown }) => {
    response.body = { sub: "twitch-77", preferred_username: "mara_streams" };
  });
  // Only there so the login page offers Steam; nothing in this file signs in with it.
  steam = http.createServer((_req, res) => res.end("is_valid:false\n"));
  steam.listen(0, "127.0.0.1");
  await new Promise((r) => steam.once("listening", r));
  const issuer = oauth.issuer.url!;
  [site, browser] = await Promise.all([
    startSite({
      env: {
        TWITCH_AUTH_URL: `${issuer}/authorize`,
        TWITCH_TOKEN_URL: `${issuer}/token`,
        TWITCH_USERINFO_URL: `${issuer}/userinfo`,
        TWITCH_CLIENT_ID: "studio-client",
        TWITCH_CLIENT_SECRET: "studio-secret",
        STEAM_OPENID_URL: `http://127.0.0.1:${(steam.address() as AddressInfo).port}/openid/login`,
      },
    }),
    openBrowser(),
  ]);
}, 120_000);

let account: Promise<void> | undefined;

/** One verified account for the whole file, made by the first test that needs it. */
function ensureAccount() {
  account ??= createVerifiedAccount(site, { username, email: "mara@example.com" });
  return account;
}

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await oauth?.stop();
  await new Promise((r) => steam?.close(r));
});

async function signedInPage(width = 1280): Promise<Page> {
  await ensureAccount();
  const { page } = await openPage(browser, { width });
  await submitLogin(page, site, username);
  await page.waitForURL(/\/account$/);
  return page;
}

const twitchCard = (page: Page) => page.locator(".platform-card", { has: page.locator("#platform-twitch") });

describe("linked platforms", { timeout: 120_000 }, () => {
  it("offers sign-in only with the configured platforms", async () => {
    const { page } = await openPage(browser);
    await page.goto(`${site.url}/account/login`);
    const buttons = page.locator(".platform-signin__button");
    await expect.poll(() => buttons.allTextContents()).toEqual(["Sign in with Steam"]);
  });

  it("links Twitch through the OAuth server, shows it linked, then unlinks it", async () => {
    const page = await signedInPage();
    await page.click(`a[href="/account/platforms"]`);
    await page.waitForURL(/\/account\/platforms$/);
    await expect.poll(() => twitchCard(page).textContent()).toContain("Not linked");
    // Galaxy and Google are not configured on this site.
    const galaxy = page.locator(".platform-card", { has: page.locator("#platform-galaxy") });
    expect(await galaxy.textContent()).toContain("Not available at the moment");
    await expectAxeClean(page, "platforms 1280");

    // Off to the OAuth server and back: the platforms page loads again.
    await newDocument(page, () => twitchCard(page).getByRole("button", { name: "Link" }).click());
    expect(page.url()).toMatch(/\/account\/platforms$/);
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringContaining("Your Twitch account is now linked."));
    expect(await twitchCard(page).textContent()).toContain("mara_streams");
    expect(await twitchCard(page).textContent()).toContain("Linked");
    await expectAxeClean(page, "platforms linked 1280");

    // The page came back as a new document: the dialog opens only once its scripts run.
    await waitForHydration(page);
    await twitchCard(page).getByRole("link", { name: "Unlink" }).click();
    const dialog = page.getByRole("dialog", { name: "Unlink Twitch?" });
    await dialog.waitFor();
    await expectAxeClean(page, "unlink dialog");
    await dialog.getByRole("button", { name: "Unlink" }).click();
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringContaining("Your Twitch account is no longer linked."));
    await expect.poll(() => twitchCard(page).textContent()).toContain("Not linked");
  });

  it("links and unlinks without JavaScript", async () => {
    const signed = await signedInPage();
    const cookies = await signed.context().cookies();
    const { page, context } = await openPage(browser, { javaScript: false });
    await context.addCookies(cookies);
    await page.goto(`${site.url}/account/platforms`);
    await newDocument(page, () => twitchCard(page).getByRole("button", { name: "Link" }).click());
    expect(page.url()).toMatch(/\/account\/platforms$/);
    expect(await twitchCard(page).textContent()).toContain("mara_streams");
    // The confirmation is a page of its own without JavaScript.
    await twitchCard(page).getByRole("link", { name: "Unlink" }).click();
    await page.waitForURL(/\?disconnect=twitch$/);
    await page.getByRole("dialog").getByRole("button", { name: "Unlink" }).click();
    await page.waitForURL(/\/account\/platforms$/);
    expect(await twitchCard(page).textContent()).toContain("Not linked");
  });

  it("is axe clean and fits a phone", async () => {
    const page = await signedInPage(375);
    for (const url of [
      "/account/platforms",
      "/account/merch",
      "/fr/account/platforms",
      "/es/account/merch",
    ]) {
      await page.goto(site.url + url);
      await expectAxeClean(page, `${url} 375`);
      await expectFitsWidth(page, `${url} 375`);
    }
  });
});

describe("merch", { timeout: 120_000 }, () => {
  it("shows the products of the content files behind the login", async () => {
    const { page } = await openPage(browser);
    await page.goto(`${site.url}/account/merch`);
    await page.waitForURL(/\/account\/login\?returnTo=%2Faccount%2Fmerch$/);

    const signed = await signedInPage();
    await signed.goto(`${site.url}/account/merch`);
    const cards = signed.locator(".merch-card");
    await cards.nth(5).waitFor();
    expect(await cards.first().textContent()).toContain("Ashen Covenant");
    expect(await cards.first().textContent()).toContain("$32.00");
    await expectAxeClean(signed, "merch 1280");
  });
});
