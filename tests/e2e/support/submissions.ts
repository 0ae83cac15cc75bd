import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { simpleParser } from "mailparser";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { pdf } from "~/platform/uploads/test-samples";
import { openPage, type Site, waitForHydration, waitForMailFile } from "./harness";

const byId = (id: string) => `[id="job-application-${id}"]`;

/**
 * The pages a visitor opens with a form on them, signed out, whose address has no token or slug
 * (a job page's form is found through the careers page): what the form tests go through.
 */
export const pagesWithAForm = [
  "/contact",
  "/support/report",
  "/alerts",
  "/playtesting",
  "/status",
  "/privacy/requests",
  "/account/login",
  "/account/create",
  "/account/forgot",
] as const;

/** The offer `applyForQuebecOffer` applies for, as its French page titles it. */
export const quebecOfferTitle = "Programmeur ou programmeuse gameplay senior";

/**
 * Applies for the Quebec gameplay offer as a visitor with JavaScript (the form and its résumé
 * upload); answers the path of the status link the confirmation e-mail carries.
 */
export async function applyForQuebecOffer(browser: Browser, site: Site, email: string): Promise<string> {
  const { page } = await openPage(browser, { width: 1280 });
  await page.goto(`${site.url}/fr/careers?location=quebec&team=gameplay-programming`);
  await waitForHydration(page);
  await page.locator(".job-card__link").first().click();
  await page.waitForURL(/\/careers\/\d+\?/);
  return fillApplication(page, site, email);
}

/**
 * Sends an open application from the careers page's "open application" section, as
 * `applyForQuebecOffer` does; answers the path of its status link. Its offer has no skills step.
 */
export async function applyOpenApplication(browser: Browser, site: Site, email: string): Promise<string> {
  const { page } = await openPage(browser, { width: 1280 });
  await page.goto(`${site.url}/fr/careers`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Envoyer une candidature spontanée" }).click();
  await page.waitForURL(/\/careers\/\d+$/);
  return fillApplication(page, site, email);
}

/** Fills and sends the job page's form, then reads the status link of the confirmation e-mail. */
async function fillApplication(page: Page, site: Site, email: string): Promise<string> {
  await waitForHydration(page);
  await page.fill(byId("name"), "Léa Tremblay");
  await page.fill(byId("email"), email);
  await page.selectOption(byId("phone.country"), "CA");
  await page.fill(byId("phone.number"), "418 555 0134");
  await page
    .locator('#apply input[type="file"]')
    .setInputFiles({ name: "cv.pdf", buffer: Buffer.from(pdf), mimeType: "application/pdf" });
  await page.waitForSelector('#apply .upload-item[data-status="done"]');
  await page.check(byId("consent"));
  await page.locator('#apply button[type="submit"]').click();
  const mail = await simpleParser(await waitForMailFile(site, "job-application-received", email));
  const link = /https?:\/\/[^\s]+\/fr\/status\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
  expect(link, "the confirmation carries the status link").not.toBeNull();
  return `/fr/status/${link![1]}`;
}

/**
 * A studio tool as the studio runs it (`npm run <script> -- …`), on the site's data folder while
 * it runs: it reaches the site through its control socket. Answers what it printed.
 */
export async function studioTool(site: Site, script: string, args: string[]): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: site.dataDir, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const { stdout } = await promisify(execFile)("npm", ["run", "-s", script, "--", ...args], {
    env,
    timeout: 120_000,
  });
  return stdout;
}

/**
 * A playtest sign-up for Quebec as the page's form posts it without JavaScript: every required
 * field, the checks ticked. Post it to `/playtesting` (or `/fr/playtesting`) with an `Origin`.
 */
export function playtestSignupFields(name: string, email: string): Record<string, string> {
  return {
    name,
    email,
    "phone.country": "CA",
    "phone.number": "418 555 0134",
    location: "quebec",
    "dateOfBirth.year": "1990",
    "dateOfBirth.month": "4",
    "dateOfBirth.day": "30",
    over18: "on",
    english: "on",
    inPersonDay: "on",
    nda: "on",
    consent: "on",
  };
}
