import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANALYTICS_CONSENT_COOKIE, CONSENT_DENIED } from "~/features/consent/consent-cookies";
import {
  openBrowser,
  openPage,
  type Site,
  sharedSite,
  waitForFiles,
  waitForHydration,
} from "./support/harness";
import { holdScripts } from "./support/held-scripts";

/**
 * What a visitor does before the page's scripts have run is not lost. Each test opens one page
 * at 375 px with its scripts held back (a slow phone: the page has painted, nothing is hydrated),
 * uses each control that acts without a send button, then lets the scripts run and checks that
 * what the visitor did took effect: it worked as a plain form or link, or it was applied once
 * the page hydrated.
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

/** Opens the page with its scripts held back; the page is painted from the server's HTML. */
async function openHeld(path: string) {
  const { page } = await openPage(browser, { width: 375 });
  const held = await holdScripts(page);
  // Not the load event: it waits for the held scripts (the document is parsed without them).
  await page.goto(site.url + path, { waitUntil: "domcontentloaded" });
  return { page, held };
}

/** Does what loads another page while the scripts are held, and waits for its address. */
async function followHeld(page: Page, url: RegExp, action: () => Promise<unknown>) {
  await Promise.all([page.waitForURL(url, { waitUntil: "domcontentloaded" }), action()]);
}

/**
 * `count` confirmed alerts of one owner, each created through the API and confirmed as its
 * e-mail's link does: the management page (any of the links manages all of them).
 */
async function confirmedAlerts(email: string, count: number): Promise<string> {
  const mailDir = path.join(site.dataDir, "mail");
  const seen = new Set<string>();
  let managePath = "";
  for (let n = 1; n <= count; n++) {
    const created = await fetch(`${site.url}/api/open/office-job-subscriptions`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify({ name: `Held back ${n}`, email, language: "en" }),
    });
    expect(created.status).toBe(202);
    const names = await waitForFiles(mailDir, (f) => f.includes("alert-created") && f.includes(email), n);
    const name = names.find((f) => !seen.has(f))!;
    seen.add(name);
    const mail = await simpleParser(fs.readFileSync(path.join(mailDir, name)));
    const link = /https?:\/\/\S+?(\/alerts\/manage\/[0-9a-f-]{36}\/[\w-]{43})/.exec(mail.text ?? "");
    expect(link, "the e-mail carries the management link").not.toBeNull();
    const confirmed = await fetch(`${site.url}${link![1]}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
      body: new URLSearchParams({ intent: "confirm" }),
      redirect: "manual",
    });
    expect(confirmed.status).toBe(303);
    managePath = link![1]!;
  }
  return managePath;
}

describe("before the page's scripts have run, at 375 px", { timeout: 90_000 }, () => {
  it("an alert's management page: Remove asks first, each box unticked stops its alert", async () => {
    const managePath = await confirmedAlerts("held.toggle@example.com", 2);
    const { page, held } = await openHeld(managePath);
    expect(await page.locator(".alert-card").count()).toBe(2);
    // The dialog opener is a link to the page asking the question, its cancel a link back.
    await followHeld(page, /\?remove=/, () => page.getByRole("link", { name: "Remove" }).first().click());
    const dialog = page.getByRole("dialog", { name: "Remove this alert?" });
    await followHeld(page, /\/[\w-]{43}$/, () => dialog.getByRole("link", { name: "Keep it" }).click());
    // Both alerts' boxes, before the scripts: each is sent once they have run, neither lost.
    const boxes = page.getByRole("checkbox", { name: "Send me e-mails for this alert" });
    await boxes.nth(0).uncheck();
    await boxes.nth(1).uncheck();
    await held.release();
    await waitForHydration(page);
    await expect.poll(() => page.locator(".alert-status--stopped").count()).toBe(2);
    // The server has them: the page as a new visit renders both alerts stopped.
    const html = await (await fetch(site.url + managePath)).text();
    expect(html.match(/alert-status--stopped/g)).toHaveLength(2);
    expect(await boxes.nth(0).isChecked()).toBe(false);
    expect(await boxes.nth(1).isChecked()).toBe(false);
    expect(await page.locator(".alert-card").count()).toBe(2);
  });

  it("an FAQ answer, with the site's frame: cookie banner, vote, language and menu", async () => {
    const { page, held } = await openHeld("/support/faq/can-i-suggest-an-idea");
    const banner = page.locator(".consent-banner");
    // The banner is a form posting to /consent, which sends the visitor back here.
    await followHeld(page, /\/support\/faq\/can-i-suggest-an-idea$/, () =>
      banner.getByRole("button", { name: "Reject All" }).click(),
    );
    await banner.waitFor({ state: "detached" });
    // The vote is a form posting to the page, which answers with the vote counted.
    await page.getByRole("button", { name: "Yes", exact: true }).click();
    await page.getByText("Thanks! We are glad this answer helped.").waitFor();
    await followHeld(page, /\/fr\/support\/faq\/can-i-suggest-an-idea$/, () =>
      page.locator('footer a[hreflang="fr-CA"]').click(),
    );
    // The menu is a link to the footer's site map until the scripts run.
    await page.locator(".menu-toggle").click();
    await page.waitForURL(/#site-map$/);
    await held.release();
    await waitForHydration(page);

    expect(await page.locator("html").getAttribute("lang")).toBe("fr-CA");
    expect(await page.getByRole("button", { name: "Oui", exact: true }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(await banner.count()).toBe(0);
    const cookies = await page.context().cookies(site.url);
    expect(cookies.find((cookie) => cookie.name === ANALYTICS_CONSENT_COOKIE)?.value).toBe(CONSENT_DENIED);
    // Hydrating leaves the visitor where the menu took them.
    const map = page.locator("#site-map");
    expect(await map.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(200);
    // And the menu opens in place from now on.
    await page.locator("button.menu-toggle").click();
    await page.locator("#mobile-menu").waitFor();
  });

  it("the problem report: Me too before the scripts counts, words typed meanwhile are suggested after", async () => {
    const { page, held } = await openHeld("/support/report");
    const field = (name: string) => page.locator(`[id="issue-${name}"]`);
    await field("game").selectOption("tidebound");
    await field("category").selectOption("bug");
    await field("platform").selectOption("playstation");
    await field("email").fill("held.report@example.com");
    await field("summary").fill("Harbour traders never restock");
    await field("description").fill("Whatever the tide does, the traders keep the very same stock.");
    await field("consent").check();
    // Without the scripts the first send asks "Is it one of these?" and Me too is a send button.
    await page.locator(".contact-form__actions button[type=submit]").click();
    const traders = page.locator('.known-issues [data-known-issue="tidebound-harbour-traders-stock"]');
    await traders.getByRole("button", { name: "Me too" }).click();
    await traders.locator(".known-issues__counted").waitFor();
    // The player reads on and changes their words before the scripts have run.
    await field("platform").selectOption("switch");
    await field("summary").fill("Archive lore pages stay blank");
    await field("description").fill("Opening a lore page in the archive leaves it blank for seconds.");
    await held.release();
    await waitForHydration(page);
    await page.locator('.known-issues [data-known-issue="tidebound-switch-lore-pages"]').waitFor();
    expect(await field("summary").inputValue()).toBe("Archive lore pages stay blank");
  });
});
