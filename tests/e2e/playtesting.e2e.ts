import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectAxeClean,
  mailQueueSent,
  newDocument,
  openBrowser,
  openPage,
  type Site,
  startSite,
  waitForFiles,
  waitForHydration,
} from "./support/harness";

/**
 * Playtesting as a new visitor lives it: find the Quebec playtest, sign up (valid,
 * under 18, commitments missing), get the e-mail, answer the survey step by step (next/back keep
 * the answers, close asks first) and see the thank-you, in French on a phone and in English.
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

const byId = (id: string) => `[id="${id}"]`;
const field = (name: string) => byId(`playtest-signup-${name}`);
const commitments = ["over18", "english", "inPersonDay", "nda", "consent"];

async function open(path: string, options: { width?: number; javaScript?: boolean } = {}): Promise<Page> {
  const { page } = await openPage(browser, options);
  await page.goto(site.url + path);
  await waitForHydration(page);
  return page;
}

async function fillSignup(
  page: Page,
  options: { birthYear: string; email: string; skip?: string[]; location?: string | null },
) {
  await page.fill(field("name"), "Léa Tremblay");
  await page.fill(field("email"), options.email);
  await page.selectOption(field("phone.country"), "CA");
  await page.fill(field("phone.number"), "418 555 0134");
  if (options.location !== null) await page.selectOption(field("location"), options.location ?? "quebec");
  await page.selectOption(field("dateOfBirth.month"), "4");
  await page.selectOption(field("dateOfBirth.day"), "30");
  await page.selectOption(field("dateOfBirth.year"), options.birthYear);
  for (const name of commitments) if (!options.skip?.includes(name)) await page.check(field(name));
}

const signupMail = (address: string) => (f: string) => f.includes("playtest-signup") && f.includes(address);

/** The sign-up e-mails the site has written to this address so far. */
function mailsTo(address: string): string[] {
  const dir = path.join(site.dataDir, "mail");
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter(signupMail(address)) : [];
}

/** The sign-up e-mails to this address, once there is one. */
const waitForMail = (address: string) => waitForFiles(path.join(site.dataDir, "mail"), signupMail(address));

/** A button of the survey form, by its name. */
const button = (page: Page, name: string) =>
  page.locator(".survey__actions").getByRole("button", { name, exact: true }).click();

const checked = (page: Page, id: string) => page.isChecked(byId(id));

describe("playtesting in French on a phone", { timeout: 120_000 }, () => {
  it("finds the Quebec playtest, signs up, gets the e-mail, answers the survey and is thanked", async () => {
    const page = await open("/fr/playtesting", { width: 375 });
    const current = page.locator("#current");
    await expect.poll(() => current.textContent()).toContain("Groupe de discussion The Lantern Court");
    expect(await current.textContent()).toContain("Québec (Canada)");
    await expectAxeClean(page, "playtesting fr 375");

    // The Quebec playtest's sign-up link opens the form with Quebec chosen.
    await page.click('#current a[href*="location=quebec"]');
    await page.waitForURL(/\?location=quebec#sign-up-form$/);
    await expect.poll(() => page.inputValue(field("location"))).toBe("quebec");
    await fillSignup(page, { birthYear: "1990", email: "lea.fr@example.com", location: null });
    await page.click(".playtest-signup button[type=submit]");
    await page.waitForURL(/\/fr\/playtesting\/survey\?token=[\w-]{43}$/);
    expect(await waitForMail("lea.fr@example.com")).toHaveLength(1);

    // Step 1 of 3: answers, then next.
    await page.waitForSelector("progress");
    expect(await page.textContent("#survey-progress-label")).toBe("Étape 1 sur 3");
    await expectAxeClean(page, "survey fr 375");
    await page.check(byId("survey-hoursPerWeek-1"));
    await page.check(byId("survey-platforms-0"));
    await page.check(byId("survey-platforms-3"));
    await button(page, "Suivant");
    expect(await page.textContent("#survey-progress-label")).toBe("Étape 2 sur 3");
    expect(await page.isVisible(byId("survey-hoursPerWeek-1"))).toBe(false);

    // Step 2: a required scale left empty stops next with a message.
    await page.check(byId("survey-gamesPlayed-3"));
    await button(page, "Suivant");
    expect(await page.textContent(byId("survey-experience-error"))).toContain("Ce champ est obligatoire");
    expect(await page.textContent("#survey-progress-label")).toBe("Étape 2 sur 3");
    await page.check(byId("survey-experience-3"));

    // Back keeps step 1's answers; next again keeps step 2's.
    await button(page, "Précédent");
    expect(await page.textContent("#survey-progress-label")).toBe("Étape 1 sur 3");
    expect(await checked(page, "survey-hoursPerWeek-1")).toBe(true);
    expect(await checked(page, "survey-platforms-3")).toBe(true);
    await button(page, "Suivant");
    expect(await checked(page, "survey-gamesPlayed-3")).toBe(true);
    expect(await checked(page, "survey-experience-3")).toBe(true);
    await button(page, "Suivant");
    expect(await page.textContent("#survey-progress-label")).toBe("Étape 3 sur 3");
    await page.fill(byId("survey-favouriteGame"), "Tidebound, pour l'équipage.");
    await button(page, "Envoyer mes réponses");
    await page.waitForSelector("#survey-done");
    expect(await page.textContent("#survey-done")).toBe("Merci!");
    await expectAxeClean(page, "survey thank-you fr");
  });

  it("refuses someone under 18 with a clear message and stores nothing", async () => {
    const page = await open("/fr/playtesting", { width: 375 });
    const year = String(new Date().getFullYear() - 17);
    await fillSignup(page, { birthYear: year, email: "jeune@example.com" });
    await page.click(".playtest-signup button[type=submit]");
    const error = page.locator(byId("playtest-signup-dateOfBirth-error"));
    await expect.poll(() => error.textContent()).toContain("18");
    expect(page.url()).toMatch(/\/fr\/playtesting$/);
    await mailQueueSent(site);
    expect(mailsTo("jeune@example.com")).toEqual([]);
  });
});

describe("playtesting in English", { timeout: 120_000 }, () => {
  it("asks for every commitment, with and without JavaScript", async () => {
    for (const javaScript of [true, false]) {
      const page = await open("/playtesting", { javaScript });
      await fillSignup(page, { birthYear: "1985", email: "no.commit@example.com", skip: ["english", "nda"] });
      const send = () => page.click(".playtest-signup button[type=submit]");
      // Without JavaScript the browser posts the form and loads the answer.
      if (javaScript) await send();
      else await newDocument(page, send);
      const english = page.locator(byId("playtest-signup-english-error"));
      await expect
        .poll(() => english.textContent(), {
          message: `the English commitment's error (JavaScript ${javaScript ? "on" : "off"})`,
        })
        .toBe("Field is required");
      expect(await page.textContent(byId("playtest-signup-nda-error"))).toBe("Field is required");
      expect(await page.textContent(byId("playtest-signup-over18-error"))).toBe("");
      expect(await page.inputValue(field("name"))).toBe("Léa Tremblay");
      // Without JavaScript the answer opens at the form, where the errors are.
      if (!javaScript) expect(new URL(page.url()).hash).not.toBe("");
      if (javaScript) await expectAxeClean(page, "sign-up errors");
    }
    await mailQueueSent(site);
    expect(mailsTo("no.commit@example.com")).toEqual([]);
  });

  it("keeps answers going back, asks before closing, then submits to the thank-you", async () => {
    const page = await open("/playtesting");
    await fillSignup(page, { birthYear: "1985", email: "ada@example.com" });
    await page.click(".playtest-signup button[type=submit]");
    await page.waitForURL(/\/playtesting\/survey\?token=/);
    const surveyUrl = page.url();
    await page.waitForSelector("progress");
    expect(await page.textContent("#survey-progress-label")).toBe("Step 1 of 3");
    await page.check(byId("survey-hoursPerWeek-2"));
    await page.check(byId("survey-platforms-1"));
    await button(page, "Next");
    await page.check(byId("survey-experience-0"));
    await button(page, "Back");
    expect(await checked(page, "survey-hoursPerWeek-2")).toBe(true);

    // Close asks first; keeping on answering loses nothing.
    await button(page, "Close");
    const dialog = page.locator("dialog[open]");
    await expect.poll(() => dialog.textContent()).toContain("Leave the survey?");
    await expectAxeClean(page, "survey close dialog");
    await page.locator("dialog[open]").getByRole("button", { name: "Keep answering" }).click();
    await expect.poll(() => page.locator("dialog[open]").count()).toBe(0);
    expect(await checked(page, "survey-platforms-1")).toBe(true);

    await button(page, "Next");
    expect(await checked(page, "survey-experience-0")).toBe(true);
    await button(page, "Next");
    await page.fill(byId("survey-favouriteGame"), "Emberfall Tactics, the cleanest tactics I know.");
    await button(page, "Send my answers");
    await page.waitForSelector("#survey-done");
    expect(await page.textContent("#survey-done")).toBe("Thank you!");

    // The link works once.
    await page.goto(surveyUrl);
    await page.waitForSelector("#survey-invalid");
  });
});

describe("playtesting in a rush of new visitors", { timeout: 120_000 }, () => {
  it("serves the sign-up page from the page cache, and a sign-up sent from it goes through, with and without JavaScript", async () => {
    for (const javaScript of [true, false]) {
      const { page } = await openPage(browser, { javaScript });
      // A new visitor carries no cookie: the second visit gets the page the first one left.
      await page.goto(`${site.url}/es/playtesting`);
      const again = await page.goto(`${site.url}/es/playtesting`);
      expect(again?.headers()["x-page-cache"], `JavaScript ${javaScript ? "on" : "off"}`).toBe("hit");
      expect(again?.headers()["content-security-policy"]).not.toContain("'nonce-");
      if (javaScript) await waitForHydration(page);
      const email = `rush.${javaScript ? "js" : "nojs"}@example.com`;
      await fillSignup(page, { birthYear: "1992", email });
      const send = () => page.click(".playtest-signup button[type=submit]");
      if (javaScript) await send();
      else await newDocument(page, send);
      // Without JavaScript the browser keeps the form's fragment (#…-error) across the redirect.
      await page.waitForURL(/\/es\/playtesting\/survey\?token=[\w-]{43}(#[\w-]+)?$/);
      expect(await waitForMail(email)).toHaveLength(1);
    }
  });
});
