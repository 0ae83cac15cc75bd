import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { Secret, TOTP } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAxeClean,
  newDocument,
  openBrowser,
  openPage,
  type Site,
  sharedSite,
  waitForFiles,
  waitForHydration,
} from "./support/harness";

/**
 * The account as a new user lives it: create, confirm from the e-mail, turn on an
 * authenticator (a real TOTP generator), sign out and back in with the code, change the password
 * and see another browser signed out, delete the account and fail to sign in. Also: login
 * without JavaScript, and axe at phone and desktop widths.
 */

let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = sharedSite();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const byId = (id: string) => `[id="${id}"]`;

async function open(url: string, options: { width?: number; javaScript?: boolean } = {}) {
  const opened = await openPage(browser, options);
  await opened.page.goto(site.url + url);
  if (options.javaScript !== false) await waitForHydration(opened.page);
  return opened;
}

/** Goes to a page of the site and waits until its scripts have taken over the forms. */
async function go(page: Page, url: string) {
  await page.goto(site.url + url);
  await waitForHydration(page);
}

/** The link of the last e-mail of this kind to this address, read from the delivered .eml. */
async function linkFromMail(kind: string, address: string): Promise<string> {
  const dir = path.join(site.dataDir, "mail");
  const names = await waitForFiles(dir, (f) => f.includes(kind) && f.includes(address));
  const mail = await simpleParser(fs.readFileSync(path.join(dir, names.at(-1)!)));
  const url = /https?:\/\/\S+token=[\w-]+/.exec(mail.text ?? "")![0];
  return url.replace(/^https?:\/\/[^/]+/, "");
}

async function login(page: Page, identifier: string, password: string) {
  await page.fill(byId("login-identifier"), identifier);
  await page.fill(byId("login-password"), password);
  await page.click("form#login button[type=submit]");
}

/**
 * A code of the current step, or of the next one: the server accepts one step of clock drift
 * and refuses a step already used, so a second sign-in within 30 s uses the next step's code.
 */
const codeAt = (totp: TOTP, stepsAhead = 0) => totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });

describe("account lifecycle", { timeout: 120_000 }, () => {
  it("creates, verifies, adds TOTP, signs in with it, changes password (other browser out), deletes", async () => {
    const { page } = await open("/account/create");
    await expectAxeClean(page, "create 1280");
    await page.fill(byId("create-username"), "lea_t");
    await page.fill(byId("create-email"), "lea@example.com");
    await page.fill(byId("create-password"), "Kettle-Storm-42");
    await page.fill(byId("create-confirmPassword"), "Kettle-Storm-42");
    await page.selectOption(byId("create-dateOfBirth.month"), "4");
    await page.selectOption(byId("create-dateOfBirth.day"), "30");
    await page.selectOption(byId("create-dateOfBirth.year"), "1990");
    await page.check(byId("create-tos"));
    await page.click("form#create button[type=submit]");
    await page.waitForURL(/\/account\/verify\?sent=1$/);

    await go(page, await linkFromMail("account-verify", "lea@example.com"));
    await page.click("form.account-form button[type=submit]");
    await page.waitForURL(/\/account\/login$/);

    await login(page, "lea_t", "Kettle-Storm-42");
    await page.waitForURL(/\/account$/);
    const cookie = (await page.context().cookies()).find((c) => c.name === "studio_session")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.expires * 1000 - Date.now()).toBeLessThanOrEqual(172_800_000);
    await expectAxeClean(page, "overview");
    expect(await page.textContent("main")).toContain("lea@example.com");

    await go(page, "/account/security");
    await page.click("button[value=addtotp]");
    const secret = (await page.locator(".account-secret").textContent())!.trim();
    await expectAxeClean(page, "security setup");
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    await page.fill(byId("confirmtotp-code"), codeAt(totp));
    await page.click("button[value=confirmtotp]");
    await page.locator(".account-codes li").first().waitFor();
    expect(await page.locator(".account-codes li").count()).toBe(10);
    const recovery = (await page.locator(".account-codes li").first().textContent())!.trim();

    await go(page, "/account");
    await page.click("button[value=logout]");
    await page.waitForURL(/\/account\/login$/);
    await login(page, "lea@example.com", "Kettle-Storm-42");
    await page.waitForURL(/\/account\/code$/);
    // The step used to turn TOTP on is spent (replays are refused: account.db.test.ts), so the
    // next step's code.
    await page.fill(byId("code-code"), codeAt(totp, 1));
    await page.click("form#code button[type=submit]");
    await page.waitForURL(/\/account$/);

    // A second browser signs in, then the first changes the password: the second is signed out.
    const other = await open("/account/login");
    await login(other.page, "lea_t", "Kettle-Storm-42");
    await other.page.waitForURL(/\/account\/code$/);
    await other.page.fill(byId("code-code"), recovery);
    await other.page.click("form#code button[type=submit]");
    await other.page.waitForURL(/\/account$/);

    await go(page, "/account/security");
    await page.fill(byId("update-password-currentPassword"), "Kettle-Storm-42");
    await page.fill(byId("update-password-password"), "Lantern-Court-77");
    await page.fill(byId("update-password-confirmPassword"), "Lantern-Court-77");
    await page.click("button[value=update-password]");
    await page.getByRole("status").filter({ hasText: "other sessions" }).first().waitFor();
    await other.page.goto(`${site.url}/account`);
    await other.page.waitForURL(/\/account\/login$/);

    await go(page, "/account/delete");
    await page.fill(byId("delete-password"), "Lantern-Court-77");
    await page.click("button[value=delete]");
    await page.waitForURL(/\/account\/login$/);
    await login(page, "lea_t", "Lantern-Court-77");
    await page.locator(".form-errors", { hasText: "could not log you in" }).waitFor();
  });

  it("logs in without JavaScript and shows errors from the server; refuses a cross-site post", async () => {
    const { page, context } = await open("/account/login", { javaScript: false });
    const forged = await context.request.post(`${site.url}/account/login`, {
      headers: { Origin: "https://evil.example" },
      form: { identifier: "nobody_here", password: "Wrong-Pass-1" },
      maxRedirects: 0,
    });
    // Refused before any login is tried (the site's cross-origin guard, before React Router).
    expect(forged.status()).toBe(403);
    expect(forged.headers()["set-cookie"] ?? "").not.toContain("studio_");
    await newDocument(page, () => login(page, "nobody_here", "Wrong-Pass-1"));
    expect(await page.textContent(".form-errors")).toContain("could not log you in");
  });

  it("is axe clean on a phone", async () => {
    for (const url of ["/account/login", "/account/create", "/account/forgot", "/fr/account/login"]) {
      const { page } = await open(url, { width: 375 });
      await expectAxeClean(page, `${url} 375`);
    }
  });
});
