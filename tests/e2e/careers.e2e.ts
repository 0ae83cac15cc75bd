import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdf, png } from "~/platform/uploads/test-samples";
import { expectEach } from "../support/expect-each";
import {
  expectAxeClean,
  expectFitsWidth,
  openBrowser,
  openPage,
  type Site,
  startSite,
  toastsShown,
  waitForFiles,
  waitForHydration,
} from "./support/harness";
import { holdScripts } from "./support/held-scripts";

/**
 * Careers as job seekers use it: filter by location and team with the address
 * mirroring the list (Back restores it), `?studio=quebec`, a new location resetting the team,
 * the empty state's links, the GET form without JavaScript, an offer's share and back links,
 * and the internships FAQ by keyboard, at 375 and 1280 px, axe clean.
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

async function open(path: string, options: { width?: number; javaScript?: boolean } = {}) {
  const opened = await openPage(browser, options);
  await opened.page.goto(site.url + path);
  await waitForHydration(opened.page);
  return opened;
}

const filter = (page: Page, name: string) => page.locator(`.job-filters [name="${name}"]`);
/** Waits for the filters' navigation to put this query in the address. */
const searchBecomes = (page: Page, search: string) => page.waitForURL((url) => url.search === search);
const cards = (page: Page) => page.locator("#js-careers .job-card");
const cardTexts = (page: Page) => cards(page).allTextContents();

describe("the careers list", { timeout: 60_000 }, () => {
  it("filters by location and team, mirrors them in the address, resets the team and Back restores", async () => {
    const { page } = await open("/careers", { width: 1280 });
    const all = await cards(page).count();
    expect(all).toBeGreaterThan(3);
    expect(await filter(page, "location").locator("option").first().textContent()).toBe("All locations");
    expect(await filter(page, "team").locator("option").first().textContent()).toBe("All teams");

    await filter(page, "location").selectOption("quebec");
    await searchBecomes(page, "?location=quebec");
    await expect.poll(() => cardTexts(page)).not.toHaveLength(all);
    expectEach(await cardTexts(page), (text) => text.includes("Quebec"));
    const count = page.locator(".job-filters__count");
    expect(await count.getAttribute("aria-live")).toBe("polite");
    await expect.poll(() => count.textContent()).toMatch(/^\d+ positions? match/);

    await filter(page, "team").selectOption("gameplay-programming");
    await searchBecomes(page, "?location=quebec&team=gameplay-programming");
    await expect.poll(() => cards(page).count()).toBe(1);
    await expectAxeClean(page, "/careers filtered at 1280px");

    // A new location starts from all teams.
    await filter(page, "location").selectOption("gent");
    await searchBecomes(page, "?location=gent");
    expect(await filter(page, "team").inputValue()).toBe("");

    await page.goBack();
    await searchBecomes(page, "?location=quebec&team=gameplay-programming");
    await expect.poll(() => filter(page, "team").inputValue()).toBe("gameplay-programming");
    expect(await filter(page, "location").inputValue()).toBe("quebec");
    await expect.poll(() => cards(page).count()).toBe(1);
  });

  it("says so when nothing matches and offers to clear the filters or create an alert with them", async () => {
    const { page } = await open("/fr/careers?location=gent&team=finance", { width: 375 });
    const empty = page.locator(".job-filters__empty");
    expect(await empty.textContent()).toContain("Aucun poste ouvert ne correspond à ces filtres");
    expect(await empty.getByRole("link", { name: "Effacer les filtres" }).getAttribute("href")).toBe(
      "/fr/careers#js-careers",
    );
    expect(
      await empty
        .getByRole("link", { name: "Créer une alerte d’emploi avec ces filtres" })
        .getAttribute("href"),
    ).toBe("/fr/alerts?location=gent&team=finance");
    await expectAxeClean(page, "/fr/careers empty at 375px");
    await empty.getByRole("link", { name: "Effacer les filtres" }).click();
    await searchBecomes(page, "");
    await expect.poll(() => cards(page).count()).toBeGreaterThan(3);
  });

  it("applies a filter chosen before the page's JavaScript ran, once it runs", async () => {
    const { page } = await openPage(browser, { width: 375 });
    // A slow phone: the page's scripts arrive only once the visitor has chosen.
    const held = await holdScripts(page);
    await page.goto(`${site.url}/careers`, { waitUntil: "domcontentloaded" });
    const all = await cards(page).count();
    await filter(page, "location").selectOption("quebec");
    expect(new URL(page.url()).search).toBe("");
    await held.release();
    await searchBecomes(page, "?location=quebec");
    await expect.poll(() => cardTexts(page)).not.toHaveLength(all);
    expectEach(await cardTexts(page), (text) => text.includes("Quebec"));
    expect(await filter(page, "location").inputValue()).toBe("quebec");
  });

  it("works without JavaScript as a GET form", async () => {
    const { page } = await open("/careers", { width: 375, javaScript: false });
    await filter(page, "location").selectOption("quebec");
    await page.getByRole("button", { name: "Show positions" }).click();
    await page.waitForURL(/location=quebec/);
    expectEach(await cardTexts(page), (text) => text.includes("Quebec"));
    expect(await filter(page, "location").inputValue()).toBe("quebec");
  });
});

describe("an offer found through the filters, in French on a phone", { timeout: 60_000 }, () => {
  it("?studio=quebec sets the location; search, share by copying the link, and back keeps the filters", async () => {
    const { page, context } = await open("/fr/careers?studio=quebec", { width: 375 });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.url });
    expect(await filter(page, "location").inputValue()).toBe("quebec");
    await filter(page, "query").fill("PROGRAMMEUR");
    await searchBecomes(page, "?location=quebec&query=PROGRAMMEUR");
    await expect.poll(() => cards(page).count()).toBe(1);
    await page.locator(".job-card__link").click();
    await page.waitForURL(/\/fr\/careers\/\d+\?location=quebec&query=PROGRAMMEUR$/);
    await expect
      .poll(() => page.locator("h1").textContent())
      .toBe("Programmeur ou programmeuse gameplay senior");
    await expectAxeClean(page, "offer at 375px");

    // Headless Chromium on Linux has no native share sheet: the menu with "copy link" shows.
    await page.locator(".share summary").click();
    // The open menu stays on the phone's screen.
    await expectFitsWidth(page, "offer with its share menu open at 375px");
    await page.getByRole("button", { name: "Copier le lien" }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    const back = page.locator(".job-header__back a");
    expect(await back.getAttribute("href")).toBe("/fr/careers?location=quebec&query=PROGRAMMEUR#js-careers");
    await back.click();
    await page.waitForURL(/\/fr\/careers\?location=quebec&query=PROGRAMMEUR#js-careers$/);
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await filter(page, "query").inputValue()).toBe("PROGRAMMEUR");
  });

  it("opened in another browser without JavaScript, the shared offer's back link keeps the filters", async () => {
    const { page } = await open("/fr/careers?location=quebec&query=PROGRAMMEUR", { javaScript: false });
    await page.locator(".job-card__link").click();
    await page.locator(".job-header__back a").click();
    await page.waitForURL(/\/fr\/careers\?location=quebec&query=PROGRAMMEUR#js-careers$/);
    expect(await cards(page).count()).toBe(1);
  });
});

const byId = (id: string) => `[id="job-application-${id}"]`;

async function fillApplication(page: Page, email: string, resume: { name: string; buffer: Buffer }) {
  await page.fill(byId("name"), "Léa Tremblay");
  await page.fill(byId("email"), email);
  await page.selectOption(byId("phone.country"), "CA");
  await page.fill(byId("phone.number"), "418 555 0134");
  await page
    .locator('#apply input[type="file"]')
    .setInputFiles({ ...resume, mimeType: "application/octet-stream" });
  await page.waitForSelector('#apply .upload-item[data-status="done"]');
  await page.fill(byId("coverLetter"), "Je souhaite bâtir vos systèmes de jeu.");
  await page.fill(byId("portfolio"), "https://lea.example");
  await page.check(byId("consent"));
}

/** The e-mails of this kind the site wrote to DATA_DIR/mail, once there is one. */
const mailFiles = (kind: string) => waitForFiles(path.join(site.dataDir, "mail"), (f) => f.includes(kind));

describe("applying with the built-in form", { timeout: 60_000 }, () => {
  it("sends a résumé, confirms by e-mail and tells recruiting; refuses an image as résumé", async () => {
    const { page } = await open("/careers?location=quebec&team=gameplay-programming", { width: 1280 });
    await page.locator(".job-card__link").click();
    await page.waitForURL(/\/careers\/\d+\?/);
    await page.locator("#apply form").waitFor();

    await fillApplication(page, "image@example.com", { name: "cv.png", buffer: png });
    await page.getByRole("button", { name: "Send my application" }).click();
    await page.locator("#apply").getByText("The résumé must be a PDF, DOC or DOCX file.").first().waitFor();

    await page.reload();
    await waitForHydration(page);
    await fillApplication(page, "lea@example.com", { name: "lea-cv.pdf", buffer: pdf });
    await expectAxeClean(page, "application form at 1280px");
    await page.getByRole("button", { name: "Send my application" }).click();
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringContaining("your application has been sent"));
    const received = await mailFiles("job-application-received");
    expect(received).toHaveLength(1);
    expect(await mailFiles("job-application-recruiting")).toHaveLength(1);
    const confirmation = fs.readFileSync(path.join(site.dataDir, "mail", received[0]!), "utf8");
    expect(confirmation).toContain("lea@example.com");
    expect(confirmation).not.toContain("bâtir vos systèmes");
  });
});

describe("the Quebec careers page", { timeout: 60_000 }, () => {
  it("lists the studio's jobs and its playtesting section, in English and French only", async () => {
    const { page } = await open("/fr/careers/locations/quebec", { width: 375 });
    expect(await cards(page).count()).toBeGreaterThan(0);
    expectEach(await cardTexts(page), (text) => text.includes("Québec"));
    expect(await page.getByRole("link", { name: "M’inscrire aux tests de jeu" }).getAttribute("href")).toBe(
      "/fr/playtesting",
    );
    expect(await page.getByRole("link", { name: "Tous les postes offerts" }).getAttribute("href")).toBe(
      "/fr/careers?location=quebec#js-careers",
    );
    await expectAxeClean(page, "/fr/careers/locations/quebec at 375px");
    const response = await page.goto(`${site.url}/es/careers/locations/quebec`);
    expect(response?.url()).toBe(`${site.url}/careers/locations/quebec`);
  });
});

describe("internships", { timeout: 60_000 }, () => {
  for (const width of [375, 1280]) {
    it(`answers the internship questions by keyboard at ${width}px`, async () => {
      const { page } = await open("/internships", { width });
      expect(await page.locator("h2", { hasText: "Internships run year-round" }).count()).toBe(1);
      const questions = page.locator(".faq__item");
      // The test content's three (faq/internships).
      expect(await questions.count()).toBe(3);
      await page.locator(".faq__question").first().focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => questions.first().evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      await page.locator(".faq__question").nth(1).focus();
      await page.keyboard.press("Space");
      await expect.poll(() => questions.nth(1).evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
      await expectAxeClean(page, `/internships at ${width}px`);
    });
  }
});
