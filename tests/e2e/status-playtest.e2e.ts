import { simpleParser } from "mailparser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dataJson,
  downloadZip,
  expectAxeClean,
  expectAxeCleanWithoutScripts,
  expectFitsWidth,
  openBrowser,
  openPage,
  type Site,
  startSite,
  toastsShown,
  waitForHydration,
  waitForMailFile,
} from "./support/harness";
import { playtestSignupFields, studioTool } from "./support/submissions";

/**
 * A playtester follows their sign-up by the private link of the confirmation e-mail: the studio
 * puts them on a session's waitlist, another tester gives up their seat and the first on the
 * waitlist is invited, they confirm their seat, download the calendar file, sign the NDA by
 * typing their name, download their data, and get the reminder before the session. At 375 and
 * 1280 px, with and without JavaScript, axe clean.
 */

const SESSION = "quebec-lantern-focus-2094-01";
let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), openBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Signs up for Quebec as the form posts (in French); answers the status path of the confirmation. */
async function signUp(email: string, name: string): Promise<string> {
  const form = new URLSearchParams(playtestSignupFields(name, email));
  const res = await fetch(`${site.url}/fr/playtesting`, {
    method: "POST",
    body: form,
    headers: { Origin: site.url },
    redirect: "manual",
  });
  expect(res.status, await res.text()).toBeGreaterThanOrEqual(300);
  const mail = await simpleParser(await waitForMailFile(site, "playtest-signup", email));
  const link = /https?:\/\/[^\s]+\/fr\/status\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
  expect(link, "the confirmation carries the status link").not.toBeNull();
  return `/fr/status/${link![1]}`;
}

/** Three hours from now, as the wall clock reads at the Quebec office (the tool's `--at`). */
function soonAtQuebec(): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Toronto",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(new Date(Date.now() + 3 * 60 * 60_000));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

const current = (page: Page) => page.locator("#status-next-title");

describe("a playtester's status page", { timeout: 300_000 }, () => {
  it("waitlisted, promoted when another cancels, confirms, gets the calendar, signs the NDA, is reminded", async () => {
    const at = soonAtQuebec();
    const other = { path: await signUp("autre.testeur@example.com", "Marc Gagnon"), id: "" };
    const lea = { path: await signUp("lea.testeuse@example.com", "Léa Tremblay"), id: "" };
    const listed = JSON.parse(await studioTool(site, "playtest:select", ["list", "--json"])) as Array<{
      id: string;
      email: string;
    }>;
    other.id = listed.find((r) => r.email === "autre.testeur@example.com")!.id;
    lea.id = listed.find((r) => r.email === "lea.testeuse@example.com")!.id;

    // The studio invites one tester and puts Léa on the session's waitlist.
    expect(
      await studioTool(site, "playtest:select", [
        "invite",
        "--id",
        other.id,
        "--session",
        SESSION,
        "--at",
        at,
      ]),
    ).toContain("Invitation queued for autre.testeur@example.com");
    expect(
      await studioTool(site, "playtest:select", ["waitlist", "--id", lea.id, "--session", SESSION]),
    ).toContain("waitlisted");

    for (const width of [375, 1280]) {
      const { page } = await openPage(browser, { width });
      const response = await page.goto(site.url + lea.path);
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      await waitForHydration(page);
      expect(await current(page).textContent()).toBe("Sur la liste d’attente");
      expect(await page.locator(".progress__step").count()).toBe(5);
      await page.getByText("Nous supprimerons ceci le").waitFor();
      await expectFitsWidth(page, `playtest status at ${width}px`);
      await expectAxeClean(page, `playtest status (waitlisted) at ${width}px`);
    }

    // The other tester can't make it, without JavaScript: the page asks first.
    {
      const { page } = await openPage(browser, { width: 375, javaScript: false });
      await page.goto(site.url + other.path);
      expect(await current(page).textContent()).toBe("Invitation à une séance");
      await page.getByRole("link", { name: "Je ne peux pas venir" }).click();
      await page.waitForURL(/\?decline=1$/);
      await page.getByRole("button", { name: "Oui, je ne peux pas venir" }).click();
      await page.waitForURL((url) => url.pathname === other.path && url.search === "");
      expect(await current(page).textContent()).toBe("Vous ne pouvez pas venir");
    }

    // Léa, first on the waitlist, is invited by e-mail with the date, the address and the calendar file.
    const invitation = await simpleParser(
      await waitForMailFile(site, "playtest-invitation", "lea.testeuse@example.com"),
    );
    // Quebec's zone as French speakers write it: standard (HNE) or daylight (HAE) time.
    expect(invitation.text).toMatch(/\d h \d\d H[NA]E\b/);
    expect(invitation.text).toMatch(/\/status\/[A-Za-z0-9_-]{43}\/session\.ics/);

    // She confirms her seat without JavaScript at 375 px.
    {
      const { page } = await openPage(browser, { width: 375, javaScript: false });
      await page.goto(site.url + lea.path);
      expect(await current(page).textContent()).toBe("Invitation à une séance");
      // Invited without an online call: that step is shown skipped, not done.
      expect(
        await page.locator(".progress__step", { hasText: "Appel en ligne" }).getAttribute("class"),
      ).toContain("progress__step--skipped");
      await expectAxeCleanWithoutScripts(browser, site, page, {
        width: 375,
        label: "invited to a session, without JavaScript, at 375px",
        shows: ".progress__step--skipped",
      });
      await page.getByRole("button", { name: "Confirmer ma place" }).click();
      await page.waitForURL((url) => url.pathname === lea.path);
      expect(await current(page).textContent()).toBe("Place confirmée");
    }

    // With JavaScript at 1280 px: the calendar file, then the NDA signed by typing her name.
    const { page } = await openPage(browser, { width: 1280 });
    await page.goto(site.url + lea.path);
    await waitForHydration(page);
    const ics = await page.request.get(
      new URL(
        (await page.getByRole("link", { name: "Ajouter à mon agenda (.ics)" }).getAttribute("href"))!,
        site.url,
      ).toString(),
    );
    expect(ics.status()).toBe(200);
    expect(ics.headers()["content-type"]).toContain("text/calendar");
    expect(ics.headers()["cache-control"]).toBe("private, no-store");
    const calendar = await ics.text();
    expect(calendar).toContain("SUMMARY:Test de jeu : Groupe de discussion The Lantern Court");
    expect(calendar).toContain("STATUS:CONFIRMED");

    await page.getByRole("heading", { name: "Entente de non-divulgation des tests de jeu" }).waitFor();
    await expectAxeClean(page, "confirmed, with the NDA, at 1280px");
    await page.getByLabel("Votre nom complet").fill("lea tremblay");
    await page.getByRole("button", { name: "Signer l’entente" }).click();
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringContaining("Le nom doit être celui de votre inscription"));
    await page.getByLabel("Votre nom complet").fill("  léa TREMBLAY ");
    await page.getByRole("button", { name: "Signer l’entente" }).click();
    await page.getByRole("heading", { name: "Entente signée" }).waitFor();
    expect(await current(page).textContent()).toBe("Contrat et entente de non-divulgation signés");
    const copy = await simpleParser(
      await waitForMailFile(site, "playtest-signed", "lea.testeuse@example.com"),
    );
    expect(copy.text).toContain("Entente de non-divulgation des tests de jeu (1)");

    // Her data: the sign-up as stored, with every stage it went through and the NDA she signed.
    const zip = await downloadZip(page, () =>
      page.getByRole("button", { name: "Télécharger mes données" }).click(),
    );
    expect(zip.name).toBe("playtest-data.zip");
    const data = dataJson(zip.entries);
    expect(data).toMatchObject({
      kind: "playtest",
      data: { email: "lea.testeuse@example.com", stage: "signed", ndaVersion: 1 },
    });
    expect(data.data.stages.map((s: { stage: string }) => s.stage)).toEqual([
      "received",
      "waitlisted",
      "sessionInvited",
      "confirmed",
      "signed",
    ]);

    // The session starts within 24 hours: the reminder goes (once: playtest-status.db.test.ts).
    expect(await studioTool(site, "playtest:select", ["remind"])).toContain("1 reminder(s) queued");
    const reminder = await simpleParser(
      await waitForMailFile(site, "playtest-reminder", "lea.testeuse@example.com"),
    );
    expect(reminder.subject).toBe("Votre test de jeu, c’est demain");
  });
});
