import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAxeClean,
  expectAxeCleanWithoutScripts,
  mailQueueSent,
  newDocument,
  openBrowser,
  openPage,
  type Site,
  startSite,
  waitForHydration,
} from "./support/harness";

/**
 * docs/requirements.md#known-issues: a player typing a report is shown the studio's known issues
 * that match their words ("Is it one of these?"), presses "Me too", and is counted as affected
 * without any report being sent, as they type (JavaScript), at 375 and 1280 px, axe clean.
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
const traders = '[data-known-issue="tidebound-harbour-traders-stock"]';
const suggestion = `.known-issues ${traders}`;

async function open(url: string, options: { width: number; javaScript: boolean }) {
  const { page } = await openPage(browser, options);
  await page.goto(site.url + url);
  await waitForHydration(page);
  return page;
}

async function typeReport(page: Page, email: string, words: { summary: string; description: string }) {
  await page.selectOption(field("game"), "tidebound");
  await page.selectOption(field("category"), "bug");
  await page.selectOption(field("platform"), "playstation");
  await page.fill(field("email"), email);
  await page.fill(field("summary"), words.summary);
  await page.fill(field("description"), words.description);
  await page.check(field("consent"));
}

const affectedShown = async (page: Page) =>
  Number(await page.locator(`${suggestion} .known-issues__count`).getAttribute("data-affected"));

/** No report from this address reached support: every e-mail queued so far is out, none is its. */
async function expectNoReportFrom(email: string) {
  await mailQueueSent(site);
  const mail = path.join(site.dataDir, "mail");
  expect(
    fs.readdirSync(mail).filter((name) => name.includes("issue-report") && name.includes(email)),
  ).toEqual([]);
}

describe("known issues suggested while reporting", { timeout: 90_000 }, () => {
  it("with JavaScript: suggestions appear as the player types, and Me too counts them without a report", async () => {
    const page = await open("/support/report", { width: 1280, javaScript: true });
    const email = "coral.js@example.com";
    await typeReport(page, email, {
      summary: "Harbour traders never restock",
      description: "Whatever the tide does, the traders keep the very same stock.",
    });
    await page.locator(suggestion).waitFor();
    expect(await page.locator(".known-issues h3").textContent()).toBe("Is it one of these?");
    expect(await page.locator(`${suggestion} .known-issues__status`).textContent()).toContain(
      "Investigating",
    );
    await expectAxeClean(page, "known issue suggested 1280");
    const before = await affectedShown(page);
    await page.locator(`${suggestion} button`).click();
    await page.locator(`${suggestion} .known-issues__counted`).waitFor();
    expect(await affectedShown(page)).toBe(before + 1);
    expect(page.url()).not.toContain("sent=1");
    await expectAxeClean(page, "me too counted 1280");
    await expectNoReportFrom(email);
  });

  it("with JavaScript at 375 px: a fixed issue links to its patch notes", async () => {
    const page = await open("/fr/support/report", { width: 375, javaScript: true });
    await page.selectOption(field("game"), "tidebound");
    await page.selectOption(field("platform"), "switch");
    await page.fill(field("summary"), "Les pages de récits restent vides");
    const lore = '.known-issues [data-known-issue="tidebound-switch-lore-pages"]';
    await page.locator(lore).waitFor();
    const link = page.locator(`${lore} a`);
    expect(await link.getAttribute("href")).toBe("/fr/support/patches?game=tidebound#patch-tidebound-2.4");
    expect(await page.locator(`${lore} .known-issues__status`).textContent()).toContain(
      "Corrigé dans la mise à jour 2.4",
    );
    await expectAxeClean(page, "known issue fixed 375");
  });

  it("without JavaScript: the first send asks, Me too counts and keeps the typed report", async () => {
    const page = await open("/support/report", { width: 375, javaScript: false });
    const email = "coral.nojs@example.com";
    const words = {
      summary: "Harbour traders never restock",
      description: "Whatever the tide does, the traders keep the very same stock.",
    };
    await typeReport(page, email, words);
    await newDocument(page, () => page.click(".contact-form__actions button[type=submit]"));
    expect(await page.locator(".known-issues h3").textContent()).toBe("Is it one of these?");
    expect(await page.locator(suggestion).count()).toBe(1);
    expect(await page.locator(".contact-form__actions button").textContent()).toBe("Send my report anyway");
    await expectAxeCleanWithoutScripts(browser, site, page, {
      width: 375,
      label: "known issue asked without JavaScript 375",
      shows: suggestion,
    });
    const before = await affectedShown(page);
    await newDocument(page, () => page.locator(`${suggestion} button`).click());
    expect(await page.locator(`${suggestion} .known-issues__counted`).textContent()).toContain("Thanks");
    expect(await affectedShown(page)).toBe(before + 1);
    expect(await page.inputValue(field("summary"))).toBe(words.summary);
    expect(await page.inputValue(field("description"))).toBe(words.description);
    await expectNoReportFrom(email);
  });

  it("without JavaScript at 1280 px: Send my report anyway sends it", async () => {
    const page = await open("/support/report", { width: 1280, javaScript: false });
    const email = "coral.anyway@example.com";
    await typeReport(page, email, {
      summary: "Harbour traders sell nothing",
      description: "The traders of the harbour have an empty stock after I sleep on the ship.",
    });
    await newDocument(page, () => page.click(".contact-form__actions button[type=submit]"));
    expect(await page.locator(suggestion).count()).toBe(1);
    await expectAxeCleanWithoutScripts(browser, site, page, {
      width: 1280,
      label: "known issue asked without JavaScript 1280",
      shows: suggestion,
    });
    await page.click(".contact-form__actions button[type=submit]");
    await page.waitForURL(/\/support\/report\?sent=1#report-form$/, { timeout: 20_000 });
  });
});
