import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAxeClean,
  newDocument,
  openBrowser,
  openPage,
  type Site,
  startSite,
  waitForHydration,
  waitForMailFile,
} from "./support/harness";

/**
 * Reporting a problem as a player: a save file is accepted and reaches the support
 * address attached to the e-mail; a file of the wrong type, one too large and a renamed
 * executable are refused with the texts of docs/requirements.md#validation-messages; with and
 * without JavaScript, at 375 and 1280 px.
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

const field = (name: string) => `[id="issue-${name}"]`;
const save = (name: string) => ({
  name,
  mimeType: "application/octet-stream",
  buffer: Buffer.from('<?xml version="1.0"?><save chapter="4"><ship name="Gull"/></save>', "utf8"),
});
const renamedExecutable = {
  name: "chapter-4-save.lsx",
  mimeType: "application/octet-stream",
  buffer: Buffer.concat([Buffer.from("MZ", "latin1"), Buffer.alloc(126)]),
};

async function open(
  url: string,
  options: { width?: number; javaScript?: boolean; allowErrors?: RegExp[] } = {},
) {
  const { page } = await openPage(browser, options);
  await page.goto(site.url + url);
  await waitForHydration(page);
  return page;
}

async function fillReport(page: Page, email: string) {
  await page.selectOption(field("game"), "tidebound");
  await page.selectOption(field("category"), "save");
  await page.selectOption(field("platform"), "windows");
  await page.fill(field("email"), email);
  await page.fill(field("summary"), "Save lost after the storm chapter");
  await page.fill(
    field("description"),
    "After the storm in chapter 4 my save shows as empty. Save file attached.",
  );
  await page.check(field("consent"));
}

describe("reporting a problem with JavaScript", { timeout: 90_000 }, () => {
  it("refuses a wrong type, a file too large and a renamed executable with the upload error texts", async () => {
    const page = await open("/support/report", { width: 1280, allowErrors: [/status of 415/] });
    await page.setInputFiles(field("attachments"), {
      name: "setup.exe",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("MZ"),
    });
    await page.setInputFiles(field("attachments"), {
      ...save("huge-save.lsx"),
      buffer: Buffer.alloc(6_000_000, 32),
    });
    const errors = page.locator(".upload-item--error .upload-item__error");
    await expect
      .poll(() => errors.allTextContents())
      .toEqual(["File type is not supported.", "File is to large."]);
    await expectAxeClean(page, "report with refused files 1280");
    for (const name of ["setup.exe", "huge-save.lsx"])
      await page.click(`button[aria-label="Remove ${name}"]`);

    // The name says save file; the content says program: the server refuses it.
    await page.setInputFiles(field("attachments"), renamedExecutable);
    const item = page.locator(".upload-item").first();
    await page.locator('.upload-item[data-status="error"]').waitFor();
    expect(await item.locator(".upload-item__error").textContent()).toBe("File type is not supported.");
  });

  it("sends a report with a save file that reaches support attached to the e-mail", async () => {
    const page = await open("/support/report", { width: 375 });
    await fillReport(page, "mira@example.com");
    await page.setInputFiles(field("attachments"), save("tidebound-slot-1-before-the-storm.lsx"));
    const item = page.locator(".upload-item").first();
    await page.locator('.upload-item[data-status="done"]').waitFor();
    const name = await item.locator(".upload-item__name").textContent();
    expect([...(name ?? "")]).toHaveLength(20);
    await expectAxeClean(page, "report ready 375");
    await page.click(".contact-form button[type=submit]");
    await page.waitForURL(/\/support\/report\?sent=1#report-form$/, { timeout: 20_000 });
    expect(await page.locator(".contact-sent").textContent()).toContain("Thank you");
    const mail = await waitForMailFile(site, "issue-report", "support@stormkettle.example");
    expect(mail).toContain("Save lost after the storm chapter");
    expect(mail).toMatch(/filename="?tidebound-slot-1-before-the-storm\.lsx/);
    await waitForMailFile(site, "issue-report-acknowledgement", "mira@example.com");
  });
});

describe("reporting a problem without JavaScript", { timeout: 90_000 }, () => {
  it("posts the file with the form: a renamed executable is refused, a save file is sent", async () => {
    const page = await open("/fr/support/report", { width: 375, javaScript: false });
    await fillReport(page, "leo@example.ca");
    await page.setInputFiles(field("attachments"), renamedExecutable);
    await newDocument(page, () => page.click(".contact-form button[type=submit]"));
    expect(await page.locator(".contact-form").textContent()).toContain(
      "Ce type de fichier n’est pas pris en charge.",
    );
    await fillReport(page, "leo@example.ca");
    await page.setInputFiles(field("attachments"), save("slot-2.lsx"));
    await page.click(".contact-form button[type=submit]");
    await page.waitForURL(/\/fr\/support\/report\?sent=1#report-form$/, { timeout: 20_000 });
    const mail = await waitForMailFile(site, "issue-report", "support@stormkettle.example");
    expect(mail).toBeTruthy();
    await waitForMailFile(site, "issue-report-acknowledgement", "leo@example.ca");
  });
});

describe("patch notes", { timeout: 60_000 }, () => {
  it("lists each game's releases newest first and filters by game without JavaScript", async () => {
    const page = await open("/es/support/patches?game=tidebound", { width: 375, javaScript: false });
    const versions = await page.locator(".patch__version").allTextContents();
    expect(versions).toEqual(["2.4", "2.3.1", "2.3"]);
    expect(await page.locator(".patch__title").first().textContent()).toContain("La vida en el puerto");
    const all = await open("/support/patches", { width: 1280 });
    expect(await all.locator("section[id^=game-]").count()).toBe(2);
    await expectAxeClean(all, "patch notes 1280");
  });
});
