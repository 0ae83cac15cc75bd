import fs from "node:fs";
import { simpleParser } from "mailparser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountPassword, createVerifiedAccount } from "./support/accounts";
import {
  dataJson,
  downloadZip,
  expectAxeClean,
  expectAxeCleanWithoutScripts,
  expectFitsWidth,
  mailQueueSent,
  openBrowser,
  openPage,
  type Site,
  startSite,
  toastsShown,
  waitForHydration,
  waitForMailFile,
} from "./support/harness";
import { applyForQuebecOffer, quebecOfferTitle } from "./support/submissions";

/**
 * Data rights, self-service (docs/requirements.md#data-rights): a visitor asks /privacy/requests
 * for everything tied to their address, opens the e-mailed link, downloads it (a zip with
 * data.json and the files) and deletes it, and sees nothing left; at 375 px without JavaScript
 * and at 1280 px with it, axe clean (without JavaScript: the page's HTML checked in a copy that
 * can run axe). On an application's status page: Download my data and Delete now. An account
 * of the address is only named, with the way to sign in for it (checked over HTTP, in French).
 */

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), openBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function askForLink(page: Page, email: string): Promise<string> {
  await page.goto(`${site.url}/privacy/requests`);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Send me the link" }).click();
  await page.waitForURL(`${site.url}/privacy/requests`);
  await page.locator(".toast").first().waitFor();
  return (await page.locator(".toast").allTextContents()).join(" ");
}

/** The data-rights link's path, read from the e-mail file. */
async function linkFromMail(email: string): Promise<string> {
  const mail = await simpleParser(await waitForMailFile(site, "privacy-link", email));
  const link = /\/privacy\/requests\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
  expect(link, "the e-mail carries the private link").not.toBeNull();
  return `/privacy/requests/${link![1]}`;
}

describe("/privacy/requests", { timeout: 120_000 }, () => {
  it("at 375 px without JavaScript: ask, open the link, download everything, delete everything", async () => {
    await applyForQuebecOffer(browser, site, "donnees@example.com");
    const { page } = await openPage(browser, {
      width: 375,
      javaScript: false,
      allowErrors: [/Failed to load resource: the server responded with a status of 404/],
    });
    // The same answer whether or not anything is tied to the address, and no e-mail for nothing.
    const known = await askForLink(page, "Donnees@Example.com");
    const unknown = await askForLink(page, "personne-rien@example.com");
    expect(known).toContain("If anything is tied to that address");
    expect(unknown).toBe(known);
    const path = await linkFromMail("Donnees@Example.com");

    const response = await page.goto(site.url + path);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    expect(response?.headers()["referrer-policy"]).toBe("same-origin");
    await page.getByRole("heading", { name: `Job application: ${quebecOfferTitle}` }).waitFor();
    await page.getByText("We will delete this on").first().waitFor();
    await expectFitsWidth(page, "data-rights page at 375px");
    await expectAxeCleanWithoutScripts(browser, site, page, {
      width: 375,
      label: "data-rights page without JavaScript at 375px",
      shows: `button:text-is("Download everything")`,
    });

    const everything = await downloadZip(page, () =>
      page.getByRole("button", { name: "Download everything" }).click(),
    );
    expect(everything.name).toBe("my-data.zip");
    const data = dataJson(everything.entries);
    expect(data.items.application).toHaveLength(1);
    expect(data.items.application[0]).toMatchObject({
      email: "donnees@example.com",
      jobTitle: quebecOfferTitle,
    });
    expect(data.items.application[0].stageHistory[0].stage).toBe("apply");
    expect(Object.keys(everything.entries).some((name) => name.endsWith("cv.pdf"))).toBe(true);

    await page.getByRole("link", { name: "Delete everything" }).click();
    await page.waitForURL(/\?delete=all$/);
    await expectAxeCleanWithoutScripts(browser, site, page, {
      width: 375,
      label: "deleting everything, asked without JavaScript at 375px",
      shows: "dialog[open]",
    });
    await page.getByRole("button", { name: "Yes, delete everything" }).click();
    await page.waitForURL(`${site.url}/privacy/requests`);
    expect((await page.locator(".toast").allTextContents()).join(" ")).toContain(
      "Everything tied to that address is deleted",
    );
    // The link went with everything else, the e-mail that carried it too (its row and its file
    // under DATA_DIR/mail); asking again sends nothing.
    expect((await page.goto(site.url + path))?.status()).toBe(404);
    await page.getByRole("heading", { name: "This link does not work" }).waitFor();
    await askForLink(page, "donnees@example.com");
    await mailQueueSent(site);
    const mails = fs.readdirSync(`${site.dataDir}/mail`).filter((name) => name.includes("privacy-link"));
    expect(mails.filter((name) => name.toLowerCase().includes("donnees@example.com"))).toEqual([]);
    expect(mails.filter((name) => name.includes("personne-rien@example.com"))).toEqual([]);
  });

  it("at 1280 px with JavaScript: axe clean, download one item, delete it in a dialog, nothing left", async () => {
    await applyForQuebecOffer(browser, site, "data-js@example.com");
    const { page } = await openPage(browser, { width: 1280 });
    await page.goto(`${site.url}/privacy/requests`);
    await waitForHydration(page);
    await expectAxeClean(page, "data-rights request page");
    await page.getByLabel("E-mail address").fill("data-js@example.com");
    await page.getByRole("button", { name: "Send me the link" }).click();
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringContaining("If anything is tied to that address"));
    const path = await linkFromMail("data-js@example.com");
    await page.goto(site.url + path);
    await waitForHydration(page);
    const item = page.getByRole("listitem").filter({ hasText: `Job application: ${quebecOfferTitle}` });
    await item.waitFor();
    await expectFitsWidth(page, "data-rights page at 1280px");
    await expectAxeClean(page, "data-rights page at 1280px");

    const one = await downloadZip(page, () => item.getByRole("button", { name: "Download" }).click());
    expect(one.name).toBe("application-data.zip");
    expect(dataJson(one.entries)).toMatchObject({
      kind: "application",
      data: { email: "data-js@example.com" },
    });

    await item.getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await expectAxeClean(page, "deletion question at 1280px");
    await dialog.getByRole("button", { name: "Yes, delete it" }).click();
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringContaining("Deleted, with its files"));
    await page.getByText("Nothing is tied to this address any more.").waitFor();
    expect(await page.getByRole("listitem").filter({ hasText: "Job application" }).count()).toBe(0);
  });
});

/** The page's text as read: tags and React's text separators dropped. */
const textOf = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, " ");

describe("an account tied to the address", { timeout: 120_000 }, () => {
  it("is named on the link's page, in French, with a sign-in that leads back to the account's data", async () => {
    const email = "compte-donnees@example.com";
    await createVerifiedAccount(site, { username: "compte_donnees", email });
    const asked = await fetch(`${site.url}/fr/privacy/requests`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
      body: new URLSearchParams({ email }),
      redirect: "manual",
    });
    expect(asked.status).toBe(303);
    const path = await linkFromMail(email);

    const html = await (await fetch(`${site.url}/fr${path}`)).text();
    expect(textOf(html)).toContain("Compte\u00a0: compte_donnees");
    expect(textOf(html)).toContain("il ne télécharge ni ne supprime le compte");
    expect(html).toMatch(/<a [^>]*href="\/fr\/account\/data"[^>]*>Me connecter pour le télécharger<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/fr\/account\/delete"[^>]*>Me connecter pour le supprimer<\/a>/);
    // Nothing to download or delete through the link: the account is its only item.
    expect(html).not.toContain("Tout supprimer");

    // Signed out, the link goes through the login page and back to the account's data.
    const away = await fetch(`${site.url}/fr/account/data`, { redirect: "manual" });
    const login = away.headers.get("location")!;
    expect(login).toBe("/fr/account/login?returnTo=%2Ffr%2Faccount%2Fdata");
    expect(await (await fetch(site.url + login)).text()).toContain(`action="${login}"`);
    const signedIn = await fetch(site.url + login, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
      body: new URLSearchParams({ identifier: email, password: accountPassword }),
      redirect: "manual",
    });
    expect(signedIn.headers.get("location")).toBe("/fr/account/data");
    const session = signedIn.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
    const data = await fetch(`${site.url}/fr/account/data`, { headers: { cookie: session.join("; ") } });
    expect(data.status).toBe(200);
    expect(textOf(await data.text())).toContain("Compte\u00a0: compte_donnees");
  });
});

describe("an application's status page", { timeout: 120_000 }, () => {
  it("downloads my data without JavaScript at 375 px and deletes it now with JavaScript at 1280 px", async () => {
    const path = await applyForQuebecOffer(browser, site, "statut-donnees@example.com");
    {
      const { page } = await openPage(browser, { width: 375, javaScript: false });
      await page.goto(site.url + path);
      await page.getByText("Nous supprimerons ceci le").first().waitFor();
      await page.getByText("boîte de recrutement est hors de portée").first().waitFor();
      const zip = await downloadZip(page, () =>
        page.getByRole("button", { name: "Télécharger mes données" }).click(),
      );
      const data = dataJson(zip.entries);
      expect(data).toMatchObject({
        kind: "application",
        data: { email: "statut-donnees@example.com", jobTitle: quebecOfferTitle },
      });
      expect(data.data.stageHistory.map((s: { stage: string }) => s.stage)).toEqual(["apply"]);
      expect(Object.keys(zip.entries).filter((name) => name.startsWith("files/"))).toHaveLength(1);
      await expectFitsWidth(page, "status page with its data card at 375px");
    }
    const { page } = await openPage(browser, {
      width: 1280,
      allowErrors: [/Failed to load resource: the server responded with a status of 404/],
    });
    await page.goto(site.url + path);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Supprimer maintenant" }).click();
    const dialog = page.getByRole("dialog", { name: "Supprimer cette candidature maintenant?" });
    await dialog.waitFor();
    await expectAxeClean(page, "delete-now question at 1280px");
    await dialog.getByRole("button", { name: "Oui, la supprimer" }).click();
    await page.waitForURL(`${site.url}/fr/privacy/requests`);
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringContaining("Votre candidature et votre CV sont supprimés"));
    expect((await page.goto(site.url + path))?.status()).toBe(404);
  });
});
