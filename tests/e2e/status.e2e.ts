import fs from "node:fs";
import { simpleParser } from "mailparser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
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
import {
  applyForQuebecOffer,
  applyOpenApplication,
  quebecOfferTitle,
  studioTool,
} from "./support/submissions";

/**
 * An applicant follows their application by the private link of the confirmation e-mail, at
 * 375 and 1280 px, in French and English, with and without JavaScript: the six steps with the
 * current one marked, what happens next, the date it will be deleted; withdrawing asks first;
 * a lost link is sent again to the address, and only there.
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

const steps = (page: Page) => page.locator(".progress__step");

describe("an application's status page", { timeout: 90_000 }, () => {
  it("shows the steps, the current one and what comes next, at 375 and 1280 px, in two languages", async () => {
    const path = await applyForQuebecOffer(browser, site, "suivi@example.com");
    for (const width of [375, 1280]) {
      const { page } = await openPage(browser, { width });
      const response = await page.goto(site.url + path);
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      expect(response?.headers()["x-robots-tag"]).toBe("noindex");
      // The page's own policy replaces the site's default: one value, which every client reads alike.
      expect(response?.headers()["referrer-policy"]).toBe("same-origin");
      await waitForHydration(page);
      expect(await page.locator("h1").textContent()).toContain(quebecOfferTitle);
      expect(await steps(page).count()).toBe(6);
      // This role has the skills interview or assessment: it is to come.
      expect(await steps(page).nth(3).textContent()).toContain("À venir");
      expect(await page.locator('[aria-current="step"]').textContent()).toContain("Postuler");
      // Waiting at the first step is a state, not the careers page's "Postuler" (apply).
      expect(await page.locator("#status-next-title").textContent()).toBe("Candidature reçue");
      await page.getByText("Nous supprimerons ceci le").waitFor();
      await expectFitsWidth(page, `status page at ${width}px`);
      await expectAxeClean(page, `status page at ${width}px`);
    }
    const { page } = await openPage(browser, { width: 1280 });
    await page.goto(site.url + path.replace("/fr/", "/"));
    await page
      .getByRole("heading", { name: "What happens next" })
      .or(page.getByText("What happens next"))
      .first()
      .waitFor();
    expect(await page.locator('[aria-current="step"]').textContent()).toContain("Apply");
  });

  it("of a role without the skills step (the open application) says that step is not part of it", {
    timeout: 180_000,
  }, async () => {
    const path = await applyOpenApplication(browser, site, "spontanee@example.com");
    const { page } = await openPage(browser, { width: 375, javaScript: false });
    await page.goto(site.url + path);
    expect(await steps(page).count()).toBe(6);
    const skills = steps(page).nth(3);
    expect(await skills.textContent()).toContain("Entrevue technique ou évaluation");
    expect(await skills.textContent()).toContain("Ne fait pas partie du processus pour ce poste");
    expect(await skills.getAttribute("class")).toContain("progress__step--skipped");
    // The steps the role has are still to come.
    expect(await steps(page).nth(4).textContent()).toContain("À venir");
    await page.goto(site.url + path.replace("/fr/", "/es/"));
    expect(await steps(page).nth(3).textContent()).toContain("No forma parte del proceso para este puesto");
    await page.goto(site.url + path.replace("/fr/", "/"));
    expect(await steps(page).nth(3).textContent()).toContain("Not part of the process for this role");
  });

  it("is withdrawn after a confirmation, without JavaScript, and recruiting is told", async () => {
    const path = await applyForQuebecOffer(browser, site, "retrait@example.com");
    const { page } = await openPage(browser, { width: 375, javaScript: false });
    await page.goto(site.url + path);
    await page.getByRole("link", { name: "Retirer ma candidature" }).click();
    await page.waitForURL(/\?withdraw=1$/);
    await expectAxeCleanWithoutScripts(browser, site, page, {
      width: 375,
      label: "withdrawal question without JavaScript at 375px",
      shows: "dialog[open]",
    });
    await page.getByRole("button", { name: "Oui, la retirer" }).click();
    await page.waitForURL((url) => url.pathname === path && url.search === "");
    await page.getByRole("heading", { name: "Retirée" }).waitFor();
    expect(await page.getByRole("link", { name: "Retirer ma candidature" }).count()).toBe(0);
    await waitForMailFile(site, "job-application-withdrawn-recruiting", "jobs@");
    const ack = await simpleParser(
      await waitForMailFile(site, "job-application-withdrawn", "retrait@example.com"),
    );
    expect(ack.subject).toContain("Vous avez retiré votre candidature");
  });

  it("with JavaScript, withdrawing asks in a dialog and confirms with a message", async () => {
    const path = await applyForQuebecOffer(browser, site, "dialogue@example.com");
    const { page } = await openPage(browser, { width: 1280 });
    await page.goto(site.url + path);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Retirer ma candidature" }).click();
    const dialog = page.getByRole("dialog", { name: "Retirer votre candidature?" });
    await dialog.waitFor();
    await expectAxeClean(page, "withdrawal question at 1280px");
    await dialog.getByRole("button", { name: "Oui, la retirer" }).click();
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringContaining("Votre candidature est retirée"));
    await page.getByRole("heading", { name: "Retirée" }).waitFor();
  });

  it("answers an unknown or malformed link with a 404 page that offers to send the links again", async () => {
    const { page } = await openPage(browser, {
      width: 375,
      allowErrors: [/Failed to load resource: the server responded with a status of 404/],
    });
    for (const token of ["x".repeat(43), "short"]) {
      const response = await page.goto(`${site.url}/status/${token}`);
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { name: "This link does not work" }).waitFor();
    }
  });
});

describe("the studio moving an application with its tool", { timeout: 180_000 }, () => {
  it("shows the applicant the next step, then a 'not selected' with a kind e-mail", async () => {
    const path = await applyForQuebecOffer(browser, site, "etapes@example.com");
    const listed = JSON.parse(await studioTool(site, "applications", ["list", "--json"])) as Array<{
      id: string;
      email: string;
    }>;
    const id = listed.find((row) => row.email === "etapes@example.com")!.id;
    expect(await studioTool(site, "applications", ["advance", "--id", id])).toContain("Moved to introCall");
    const { page } = await openPage(browser, { width: 375, javaScript: false });
    await page.goto(site.url + path);
    expect(await page.locator('[aria-current="step"]').textContent()).toContain("Appel de présentation");
    expect(await page.locator(".progress__step--done").textContent()).toContain("Postuler");
    const stage = await simpleParser(
      await waitForMailFile(site, "job-application-stage", "etapes@example.com"),
    );
    expect(stage.text).toContain("Appel de présentation");

    expect(await studioTool(site, "applications", ["reject", "--id", id])).toContain("Not selected");
    await page.goto(site.url + path);
    await page.getByRole("heading", { name: "Candidature non retenue cette fois" }).waitFor();
    expect(await page.getByRole("link", { name: "Retirer ma candidature" }).count()).toBe(0);
    await expectAxeCleanWithoutScripts(browser, site, page, {
      width: 375,
      label: "not selected, without JavaScript, at 375px",
      shows: ".progress__step",
    });
    // The same answer at 1280 px with JavaScript: no step current any more, nothing to withdraw.
    const { page: wide } = await openPage(browser, { width: 1280 });
    await wide.goto(site.url + path);
    await waitForHydration(wide);
    await wide.getByRole("heading", { name: "Candidature non retenue cette fois" }).waitFor();
    expect(await wide.locator("h1").textContent()).toContain(quebecOfferTitle);
    expect(await wide.locator('[aria-current="step"]').count()).toBe(0);
    expect(await wide.getByRole("link", { name: "Retirer ma candidature" }).count()).toBe(0);
    await wide.getByText("Nous supprimerons ceci le").waitFor();
    await expectFitsWidth(wide, "not selected at 1280px");
    await expectAxeClean(wide, "not selected at 1280px");
    const answer = await simpleParser(
      await waitForMailFile(site, "job-application-not-selected", "etapes@example.com"),
    );
    expect(answer.text).toContain("Ce n’est pas un jugement sur votre talent");
  });
});

describe("a lost status link", { timeout: 90_000 }, () => {
  it("is sent again to the address given, and the answer says nothing about whether anything exists", async () => {
    await applyForQuebecOffer(browser, site, "perdu@example.com");
    const answers: string[] = [];
    for (const email of ["Perdu@Example.com", "personne@example.com"]) {
      const { page } = await openPage(browser, { width: 375, javaScript: false });
      await page.goto(`${site.url}/status`);
      await page.getByLabel("E-mail address").fill(email);
      await page.getByRole("button", { name: "Send me my links" }).click();
      await page.waitForURL(`${site.url}/status`);
      answers.push((await page.locator(".toast").allTextContents()).join(" "));
    }
    expect(answers[0]).toContain("If anything was sent from that address");
    expect(answers[1]).toBe(answers[0]);
    const mail = await simpleParser(await waitForMailFile(site, "status-links", "Perdu@Example.com"));
    const link = /\/status\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
    const { page } = await openPage(browser, { width: 1280 });
    await page.goto(`${site.url}/status/${link![1]}`);
    expect(await page.locator("h1").textContent()).toContain(quebecOfferTitle);
    // Everything queued before this point is sent: no e-mail went to the unknown address.
    await mailQueueSent(site);
    const mailDir = `${site.dataDir}/mail`;
    expect(fs.readdirSync(mailDir).filter((name) => name.includes("personne@example.com"))).toEqual([]);
  });
});
