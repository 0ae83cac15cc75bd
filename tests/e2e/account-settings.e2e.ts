import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { simpleParser } from "mailparser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountPassword, createVerifiedAccount, submitLogin } from "./support/accounts";
import {
  expectAxeClean,
  expectFitsWidth,
  newDocument,
  openBrowser,
  openPage,
  type Site,
  startSite,
  waitForFiles,
  waitForHydration,
  waitForMailFile,
} from "./support/harness";

/**
 * The account's settings screens: a second factor by text message read from the
 * delivered SMS file, then a login with a texted code; new recovery codes; an e-mail change with
 * the code read from the delivered e-mail; a username change; the signed-in devices list with
 * "log out everywhere else" and "everywhere"; one flow without JavaScript; axe at both widths.
 */

let site: Site;
let browser: Browser;

beforeAll(async () => {
  // The flows post many forms from one address: the form tier's limit is not under test here.
  [site, browser] = await Promise.all([startSite({ env: { RATE_LIMIT_FORM_POINTS: "200" } }), openBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const byId = (id: string) => `[id="${id}"]`;
const password = accountPassword;

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

/**
 * The code of the `n`-th text to this number (oldest first) that the site wrote to DATA_DIR/sms
 * (no SMS_API_URL), once it is there.
 */
async function textedCode(digits: string, n: number): Promise<string> {
  const dir = path.join(site.dataDir, "sms");
  const names = await waitForFiles(dir, (f) => f.endsWith(`-${digits}.txt`), n);
  return /\b(\d{6})\b/.exec(fs.readFileSync(path.join(dir, names[n - 1]!), "utf8"))![1]!;
}

/** Waits for the page's status message (the first [role=status]) to say `text`. */
const statusSays = (page: Page, text: string) =>
  page.locator("[role=status]").first().filter({ hasText: text }).waitFor();

describe("account settings", () => {
  it("sets up text-message codes, renews recovery codes, then logs in with a texted code", async () => {
    await createVerifiedAccount(site, { username: "sam_sms", email: "sam@example.com" });
    const { page } = await open("/account/login");
    await submitLogin(page, site, "sam_sms");
    await page.waitForURL(/\/account$/);

    await go(page, "/account/security");
    await expectAxeClean(page, "security 1280");
    // A national number in the default country (Canada), stored E.164.
    await page.fill(byId("addsms-phone.number"), "(418) 555-0134");
    await page.click("button[value=addsms]");
    await statusSays(page, "ending in …34");
    await page.fill(byId("confirmsms-code"), await textedCode("14185550134", 1));
    await page.click("button[value=confirmsms]");
    await page.locator(".account-codes li").first().waitFor();
    const firstCodes = await page.locator(".account-codes li").allTextContents();
    expect(firstCodes).toHaveLength(10);

    await go(page, "/account/security");
    expect(await page.textContent(".account-methods")).toContain("Text messages to the number ending in …34");
    await page.fill(byId("recovery-codes-password"), password);
    await page.click("button[value=recovery-codes]");
    await statusSays(page, "new recovery codes");
    const renewed = await page.locator(".account-codes li").allTextContents();
    expect(renewed).toHaveLength(10);
    expect(renewed).not.toContain(firstCodes[0]);

    await go(page, "/account");
    await page.click("button[value=logout]");
    await page.waitForURL(/\/account\/login$/);
    await submitLogin(page, site, "sam@example.com");
    await page.waitForURL(/\/account\/code$/);
    await expect.poll(() => page.textContent("main")).toContain("text message");
    await page.fill(byId("code-code"), await textedCode("14185550134", 2));
    await page.click("form#code button[type=submit]");
    await page.waitForURL(/\/account$/);
    await expect.poll(() => page.textContent("main")).toContain("sam@example.com");
  });

  it("changes the username and the e-mail address with the code from the delivered e-mail", async () => {
    await createVerifiedAccount(site, { username: "eve_mail", email: "eve@example.com" });
    const { page } = await open("/account/login");
    await submitLogin(page, site, "eve_mail");
    await page.waitForURL(/\/account$/);

    await page.click(`a[href="/account/profile"]`);
    await page.waitForURL(/\/account\/profile$/);
    // The address changes as the navigation starts; the overview's facts may still be shown.
    await expect.poll(() => page.textContent(".account-facts")).toContain("April 12, 1990");
    await expectAxeClean(page, "profile 1280");
    await page.fill(byId("update-profile-username"), "eve_renamed");
    await page.click("button[value=update-profile]");
    await statusSays(page, "username is saved");

    await page.fill(byId("email-code-email"), "eve.new@example.com");
    await page.fill(byId("email-code-password"), "Wrong-Pass-1");
    await page.click("button[value=email-code]");
    await page.locator("form#email-code .form-errors", { hasText: "Password validation failed" }).waitFor();
    await page.fill(byId("email-code-password"), password);
    await page.click("button[value=email-code]");
    await statusSays(page, "eve.new@example.com");
    const mail = await simpleParser(await waitForMailFile(site, "account-email-code", "eve.new@example.com"));
    await page.fill(byId("email-confirm-code"), /\b(\d{6})\b/.exec(mail.text ?? "")![1]!);
    await page.click("button[value=email-confirm]");
    await statusSays(page, "e-mail address is changed");

    await page.goto(`${site.url}/account`);
    const main = await page.textContent("main");
    expect(main).toContain("eve.new@example.com");
    expect(main).toContain("Hello eve_renamed");
  });

  it("lists the signed-in devices, logs out everywhere else, then everywhere", async () => {
    await createVerifiedAccount(site, { username: "dev_ices", email: "devices@example.com" });
    const first = await open("/account/login");
    await submitLogin(first.page, site, "dev_ices");
    await first.page.waitForURL(/\/account$/);
    const second = await open("/account/login");
    await submitLogin(second.page, site, "dev_ices");
    await second.page.waitForURL(/\/account$/);

    await go(first.page, "/account/security");
    expect(await first.page.locator(".account-session").count()).toBe(2);
    expect(await first.page.locator(".account-badge").allTextContents()).toEqual(["This device"]);
    await first.page.click("button[value=logout-others]");
    await statusSays(first.page, "other devices are logged out");
    await expect.poll(() => first.page.locator(".account-session").count()).toBe(1);
    await second.page.goto(`${site.url}/account`);
    await second.page.waitForURL(/\/account\/login$/);

    await submitLogin(second.page, site, "dev_ices");
    await second.page.waitForURL(/\/account$/);
    await first.page.click("button[value=global-logout]");
    await first.page.waitForURL(/\/account\/login$/);
    await second.page.goto(`${site.url}/account/security`);
    await second.page.waitForURL(/\/account\/login\?returnTo=%2Faccount%2Fsecurity$/);
  });

  it("changes the username without JavaScript, with the server's errors", async () => {
    await createVerifiedAccount(site, { username: "no_js", email: "nojs@example.com" });
    await createVerifiedAccount(site, { username: "taken_name", email: "taken@example.com" });
    const { page } = await open("/account/login", { javaScript: false });
    await submitLogin(page, site, "no_js");
    await page.waitForURL(/\/account$/);
    await page.goto(`${site.url}/account/profile`);
    const send = () => newDocument(page, () => page.click("button[value=update-profile]"));
    await page.fill(byId("update-profile-username"), "no js!");
    await send();
    expect(await page.textContent(byId("update-profile-username-error"))).toContain("Use 3 to 24 letters");
    await page.fill(byId("update-profile-username"), "Taken_Name");
    await send();
    expect(await page.textContent("form#update-profile .form-errors")).toContain("already taken");
    await page.fill(byId("update-profile-username"), "with_no_js");
    await send();
    expect(await page.locator("[role=status]").first().textContent()).toContain("username is saved");
  });

  it("is axe clean and fits a phone: profile, security with its set-up forms, terms", async () => {
    await createVerifiedAccount(site, { username: "phone_ax", email: "phone@example.com" });
    const { page } = await open("/account/login", { width: 375 });
    await submitLogin(page, site, "phone_ax");
    await page.waitForURL(/\/account$/);
    await expectAxeClean(page, "overview 375");
    await expectFitsWidth(page, "overview 375");
    // French and Spanish labels are the longest: a button that does not wrap widens the card.
    for (const url of [
      "/account/profile",
      "/account/security",
      "/account/terms",
      "/fr/account/security",
      "/es/account/security",
    ]) {
      await page.goto(site.url + url);
      await expectAxeClean(page, `${url} 375`);
      await expectFitsWidth(page, `${url} 375`);
    }
    await page.goto(`${site.url}/account/security`);
    await page.click("button[value=addtotp]");
    await page.waitForSelector(".account-qr");
    await expectAxeClean(page, "security authenticator set-up 375");
  });
});

describe("newer terms of service", () => {
  let dataDir: string;
  let after: Site;

  // Every new account accepts the current version, so an older acceptance is written into the
  // stopped site's database, as a terms update would leave it. Set-up, with the hook's time:
  // two starts of the site and an account.
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-e2e-terms-"));
    const before = await startSite({ dataDir });
    try {
      await createVerifiedAccount(before, { username: "old_terms", email: "terms@example.com" });
    } finally {
      await before.stop();
    }
    const pg = new PGlite(path.join(dataDir, "pglite"));
    await pg.query("update account_users set tos_version = 0");
    await pg.close();
    after = await startSite({ dataDir });
  });

  afterAll(async () => {
    await after?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows a banner on the overview and takes the acceptance without JavaScript", async () => {
    for (const width of [375, 1280]) {
      const withJs = await openPage(browser, { width });
      await submitLogin(withJs.page, after, "old_terms");
      await withJs.page.waitForURL(/\/account$/);
      await withJs.page.goto(`${after.url}/account/terms`);
      await expectAxeClean(withJs.page, `terms to accept ${width}`);
    }
    const { page } = await openPage(browser, { javaScript: false });
    await submitLogin(page, after, "old_terms");
    await page.waitForURL(/\/account$/);
    expect(await page.textContent(".account-banner")).toContain("terms of service have changed");
    await page.click(".account-banner a");
    await page.waitForURL(/\/account\/terms$/);
    await newDocument(page, () => page.click("form#accept-tos button[type=submit]"));
    expect(await page.textContent(byId("accept-tos-accept-error"))).toContain("Field is required");
    await page.check(byId("accept-tos-accept"));
    await page.click("form#accept-tos button[type=submit]");
    await page.waitForURL(/\/account$/);
    expect(await page.textContent("body")).toContain("you have accepted the latest terms");
    expect(await page.locator(".account-banner").count()).toBe(0);
  });
});
