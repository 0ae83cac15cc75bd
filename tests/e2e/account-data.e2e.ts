import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountPassword, createVerifiedAccount } from "./support/accounts";
import {
  dataJson,
  downloadZip,
  expectAxeClean,
  expectFitsWidth,
  openBrowser,
  openPage,
  type Site,
  sharedSite,
  toastsShown,
  waitForHydration,
} from "./support/harness";
import { applyForQuebecOffer, quebecOfferTitle } from "./support/submissions";

/**
 * The account area's "My submissions and data" (docs/requirements.md#account-data, #data-rights):
 * a holder who applied for a job and wrote to the studio from the account's address sees both
 * there, with where each stands and the day it is deleted by itself; opens an application's
 * status page, downloads everything (data.json names the items), deletes the message, and it is
 * gone. At 375 px without JavaScript and at 1280 px with it (axe only with JavaScript).
 */

let site: Site;
let browser: Browser;

beforeAll(async () => {
  // Each holder signs in and posts several forms from one address: the shared site's budget is raised.
  site = sharedSite();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A verified account whose address applied for the Quebec offer and sent a contact message. */
async function holderWithSubmissions(username: string, email: string, subject: string) {
  await createVerifiedAccount(site, { username, email });
  await applyForQuebecOffer(browser, site, email);
  const sent = await fetch(`${site.url}/api/contacts?lang=en`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({
      category: "general",
      name: "Léa Tremblay",
      email,
      subject,
      message: "Hello! I would like to know when the next playtest starts.",
      consent: true,
    }),
  });
  expect(sent.status).toBe(201);
}

/** Signs in through the login form (a plain post without JavaScript) and waits for the overview. */
async function signIn(page: Page, identifier: string, javaScript: boolean) {
  await page.goto(`${site.url}/account/login`);
  if (javaScript) await waitForHydration(page);
  await page.fill('[id="login-identifier"]', identifier);
  await page.fill('[id="login-password"]', accountPassword);
  await page.click("form#login button[type=submit]");
  await page.waitForURL(`${site.url}/account`);
}

describe("/account/data", { timeout: 180_000 }, () => {
  it("at 375 px without JavaScript: both submissions, status page, download everything, delete one", async () => {
    await holderWithSubmissions("nojs_holder", "lea.phone@example.com", "Playtest dates");
    // Someone else's submissions never show in this account.
    await holderWithSubmissions("other_holder", "someone.other@example.com", "Another person's question");
    const { page } = await openPage(browser, { width: 375, javaScript: false });
    // Signed out, the page leads to the login page, which names it to come back to.
    await page.goto(`${site.url}/account/data`);
    expect(page.url()).toBe(`${site.url}/account/login?returnTo=%2Faccount%2Fdata`);
    await signIn(page, "nojs_holder", false);
    await page.getByRole("link", { name: "My submissions and data" }).click();
    await page.waitForURL(`${site.url}/account/data`);
    const response = await page.reload();
    expect(response?.headers()["cache-control"]).toBe("private, no-store");

    const application = page
      .getByRole("listitem")
      .filter({ hasText: `Job application: ${quebecOfferTitle}` });
    const message = page.getByRole("listitem").filter({ hasText: "Message: Playtest dates" });
    await application.waitFor();
    await message.waitFor();
    expect(await page.getByText("Another person's question").count()).toBe(0);
    await application.getByText("We will delete this on").waitFor();
    await message.getByText("Where it stands: Received").waitFor();
    await application.getByText("Where it stands: Application received").waitFor();
    await expectFitsWidth(page, "account data page at 375px");

    const everything = await downloadZip(page, () =>
      page.getByRole("button", { name: "Download all my data" }).click(),
    );
    expect(everything.name).toBe("my-data.zip");
    const data = dataJson(everything.entries);
    expect(Object.keys(data.items).sort()).toEqual(["account", "application", "contact"]);
    expect(data.items.application[0]).toMatchObject({
      email: "lea.phone@example.com",
      jobTitle: quebecOfferTitle,
    });
    expect(data.items.contact[0]).toMatchObject({ subject: "Playtest dates" });
    expect(data.items.account[0].profile.username).toBe("nojs_holder");

    await message.getByRole("link", { name: "Delete" }).click();
    await page.waitForURL(/\/account\/data\?delete=contact%3A/);
    await page.getByRole("button", { name: "Yes, delete it" }).click();
    await page.waitForURL(`${site.url}/account/data`);
    expect((await page.locator(".toast").allTextContents()).join(" ")).toContain("Deleted, with its files");
    expect(await page.getByRole("listitem").filter({ hasText: "Playtest dates" }).count()).toBe(0);
    await application.waitFor();

    await application.getByRole("button", { name: "Open status page" }).click();
    await page.waitForURL(/\/status\/[A-Za-z0-9_-]{43}$/);
    await page.getByRole("heading", { name: quebecOfferTitle }).waitFor();
  });

  it("at 1280 px with JavaScript: axe clean, the French status page, one download, delete in a dialog", async () => {
    await holderWithSubmissions("js_holder", "noor.desk@example.com", "Merch question");
    const { page } = await openPage(browser, { width: 1280 });
    await signIn(page, "js_holder", true);
    await page.goto(`${site.url}/account/data`);
    await waitForHydration(page);
    const application = page
      .getByRole("listitem")
      .filter({ hasText: `Job application: ${quebecOfferTitle}` });
    const message = page.getByRole("listitem").filter({ hasText: "Message: Merch question" });
    await application.waitFor();
    await message.waitFor();
    await expectFitsWidth(page, "account data page at 1280px");
    await expectAxeClean(page, "account data page at 1280px");

    const one = await downloadZip(page, () => application.getByRole("button", { name: "Download" }).click());
    expect(one.name).toBe("application-data.zip");
    expect(dataJson(one.entries)).toMatchObject({
      kind: "application",
      data: { email: "noor.desk@example.com" },
    });

    await message.getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expectAxeClean(page, "deletion question at 1280px");
    await dialog.getByRole("button", { name: "Yes, delete it" }).click();
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringContaining("Deleted, with its files"));
    await expect.poll(() => page.getByRole("listitem").filter({ hasText: "Merch question" }).count()).toBe(0);

    await page.goto(`${site.url}/fr/account/data`);
    await waitForHydration(page);
    await page
      .getByRole("listitem")
      .filter({ hasText: quebecOfferTitle })
      .getByRole("button", { name: "Ouvrir la page de suivi" })
      .click();
    await page.waitForURL(/\/fr\/status\/[A-Za-z0-9_-]{43}$/);
    await page.getByRole("heading", { name: quebecOfferTitle }).waitFor();
    await expectAxeClean(page, "status page opened from the account");
  });
});
