import { simpleParser } from "mailparser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dataJson,
  downloadZip,
  expectAxeClean,
  expectAxeCleanWithoutScripts,
  expectFitsWidth,
  newDocument,
  openBrowser,
  openPage,
  type Site,
  startSite,
  toastsShown,
  waitForHydration,
  waitForMailFile,
} from "./support/harness";
import { studioTool } from "./support/submissions";

/**
 * The status pages of an issue report and a contact message, followed by the private link of
 * their acknowledgement while the studio moves them with its tools (child processes reaching the
 * running site through its control socket): at 375 px without JavaScript and at 1280 px with it,
 * axe clean; "Download my data" and "Delete now" on both.
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

const tool = (script: string, args: string[]) => studioTool(site, script, args);

/** A tool's refusal: its exit status and what it printed on stderr. */
async function toolRefusal(script: string, args: string[]) {
  try {
    await tool(script, args);
  } catch (err) {
    const { code, stderr } = err as { code: number; stderr: string };
    return { code, stderr };
  }
  throw new Error("the tool did not refuse");
}

async function statusLinkOf(kind: string, email: string) {
  const mail = await simpleParser(await waitForMailFile(site, kind, email));
  const link = /https?:\/\/[^\s]+(\/fr\/status\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "");
  expect(link, `the ${kind} e-mail carries the status link`).not.toBeNull();
  return link![1]!;
}

/** The id of the report `email` sent, as the studio's tool lists new reports. */
async function receivedReportId(email: string): Promise<string> {
  const listed = JSON.parse(
    await tool("support:issues", ["list", "--status", "received", "--json"]),
  ) as Array<{
    id: string;
    email: string;
  }>;
  const report = listed.find((row) => row.email === email);
  expect(report, `the tool lists the report from ${email}`).toBeDefined();
  return report!.id;
}

/** The browser's own line for a page answered 404 (a deleted item's link, visited on purpose). */
const notFoundLine = /Failed to load resource: the server responded with a status of 404/;

async function open(path: string, options: { width: number; javaScript?: boolean; allowErrors?: RegExp[] }) {
  const { page } = await openPage(browser, options);
  await page.goto(site.url + path);
  if (options.javaScript !== false) await waitForHydration(page);
  return page;
}

const statusTitle = (page: Page) => page.locator("#status-now-title").textContent();

describe("an issue report's status page", { timeout: 240_000 }, () => {
  it("asks for information, takes the reporter's answer and file without JavaScript, then links the fixing patch's notes", async () => {
    const email = "joueur@example.ca";
    // The report, sent without JavaScript on a phone.
    const form = await open("/fr/support/report", { width: 375, javaScript: false });
    const field = (name: string) => `[id="issue-${name}"]`;
    await form.selectOption(field("game"), "tidebound");
    await form.selectOption(field("category"), "save");
    await form.selectOption(field("platform"), "windows");
    await form.fill(field("email"), email);
    await form.fill(field("summary"), "Sauvegarde perdue après la tempête");
    await form.fill(field("description"), "Après la tempête du chapitre 4, ma sauvegarde est vide.");
    await form.check(field("consent"));
    await form.click(".contact-form button[type=submit]");
    await form.waitForURL(/\?sent=1/, { timeout: 20_000 });
    const path = await statusLinkOf("issue-report-acknowledgement", email);

    const id = await receivedReportId(email);
    const note = "Quel emplacement de sauvegarde, et quelle version du jeu?";
    expect(
      await tool("support:issues", ["status", "--id", id, "--to", "needsInfo", "--note", note]),
    ).toContain("Now needsInfo");
    const asked = await simpleParser(await waitForMailFile(site, "issue-report-status", email));
    expect(asked.subject).toContain("il nous faut plus de détails");
    expect(asked.text).toContain(note);

    // With JavaScript at 1280 px: the question, the answer form, axe clean.
    const wide = await open(path, { width: 1280 });
    expect(await statusTitle(wide)).toBe("Il nous faut plus de détails");
    await wide.getByText(note).waitFor();
    await expectAxeClean(wide, "issue needing information at 1280px");

    // Without JavaScript on a phone: the answer and one file, posted with the form.
    const phone = await open(path, { width: 375, javaScript: false });
    await expectFitsWidth(phone, "issue needing information at 375px");
    await expectAxeCleanWithoutScripts(browser, site, phone, {
      width: 375,
      label: "issue needing information without JavaScript at 375px",
      shows: '[id="issue-comment-attachments"]',
    });
    await phone.fill('[id="issue-comment-comment"]', "Emplacement 2, version 2.3.1 sur Windows.");
    await phone.setInputFiles('[id="issue-comment-attachments"]', {
      name: "slot-2.lsx",
      mimeType: "application/octet-stream",
      buffer: Buffer.from('<?xml version="1.0"?><save chapter="4"/>', "utf8"),
    });
    await newDocument(phone, () => phone.getByRole("button", { name: "Envoyer ma réponse" }).click());
    expect(new URL(phone.url()).pathname).toBe(path);
    expect(await statusTitle(phone)).toBe("Reçu");
    await phone.getByText("Vous avez ajouté des précisions le").waitFor();
    expect(await phone.locator('[id="issue-comment-comment"]').count()).toBe(0);
    const toSupport = await waitForMailFile(site, "issue-report-info", "support@stormkettle.example");
    expect(toSupport).toContain("Emplacement 2, version 2.3.1");
    expect(toSupport).toMatch(/filename="?slot-2\.lsx/);

    // Fixed in a named patch: the page links its notes; a fixed report cannot move again.
    expect(await tool("support:issues", ["link-patch", "--id", id, "--patch", "tidebound/2.4"])).toContain(
      "Fixed in tidebound/2.4",
    );
    const refused = await toolRefusal("support:issues", ["status", "--id", id, "--to", "confirmed"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("cannot be moved again");
    const fixed = await open(path, { width: 1280 });
    expect(await statusTitle(fixed)).toBe("Corrigé");
    await expectAxeClean(fixed, "fixed issue at 1280px");
    await fixed.getByRole("link", { name: "Lire les notes de la mise à jour 2.4" }).click();
    await fixed.waitForURL(/\/fr\/support\/patches\?game=tidebound#patch-tidebound-2\.4$/);
    expect(await fixed.locator('[id="patch-tidebound-2.4"] .patch__version').textContent()).toBe("2.4");
    const phoneFixed = await open(path, { width: 375, javaScript: false, allowErrors: [notFoundLine] });
    expect(
      await phoneFixed
        .getByRole("link", { name: "Lire les notes de la mise à jour 2.4" })
        .getAttribute("href"),
    ).toBe("/fr/support/patches?game=tidebound#patch-tidebound-2.4");

    // The reporter's data, without JavaScript: the report, its history and the file they added.
    const zip = await downloadZip(phoneFixed, () =>
      phoneFixed.getByRole("button", { name: "Télécharger mes données" }).click(),
    );
    expect(zip.name).toBe("issueReport-data.zip");
    const data = dataJson(zip.entries);
    expect(data).toMatchObject({
      kind: "issueReport",
      data: { email, summary: "Sauvegarde perdue après la tempête", status: "fixed" },
    });
    expect(data.data.attachments).toHaveLength(1);
    expect(data.data.attachments[0].name).toBe("slot-2.lsx");
    expect(Buffer.from(zip.entries[data.data.attachments[0].file]!).toString("utf8")).toContain(
      '<save chapter="4"/>',
    );
    // Deleted now, asked first: the page goes with it.
    await phoneFixed.getByRole("link", { name: "Supprimer maintenant" }).click();
    await phoneFixed.waitForURL(/\?delete=1$/);
    await phoneFixed.getByRole("dialog", { name: "Supprimer ce signalement maintenant?" }).waitFor();
    await newDocument(phoneFixed, () =>
      phoneFixed.getByRole("button", { name: "Oui, le supprimer" }).click(),
    );
    expect(new URL(phoneFixed.url()).pathname).toBe("/fr/privacy/requests");
    expect((await phoneFixed.locator(".toast").allTextContents()).join(" ")).toContain(
      "Votre signalement et ses pièces jointes sont supprimés",
    );
    expect((await phoneFixed.goto(site.url + path))?.status()).toBe(404);
  });

  it("shows a report the studio won't fix as such, with the studio's word, axe clean", async () => {
    const email = "refus@example.ca";
    const res = await fetch(`${site.url}/fr/support/report`, {
      method: "POST",
      body: new URLSearchParams({
        game: "tidebound",
        category: "bug",
        platform: "windows",
        email,
        summary: "La boussole pointe vers le sud",
        description: "Sur le pont du navire, la boussole indique toujours le sud au lieu du nord.",
        consent: "on",
        known: "seen",
      }),
      headers: { Origin: site.url },
      redirect: "manual",
    });
    expect(res.status, await res.text()).toBe(303);
    const path = await statusLinkOf("issue-report-acknowledgement", email);
    const id = await receivedReportId(email);
    const note = "La boussole des Marées pointe vers le sud : c’est voulu.";
    expect(await tool("support:issues", ["status", "--id", id, "--to", "wontFix", "--note", note])).toContain(
      "Now wontFix",
    );
    const told = await simpleParser(await waitForMailFile(site, "issue-report-status", email));
    expect(told.text).toContain(note);

    const page = await open(path, { width: 1280 });
    expect(await statusTitle(page)).toBe("Ne sera pas corrigé");
    await page.getByText("nous avons décidé de ne pas changer ceci").waitFor();
    await page.getByText(note).waitFor();
    // Nothing left to add: the answer form is gone.
    expect(await page.locator('[id="issue-comment-comment"]').count()).toBe(0);
    await expectFitsWidth(page, "won't fix at 1280px");
    await expectAxeClean(page, "won't fix at 1280px");
  });
});

describe("a contact message's status page", { timeout: 180_000 }, () => {
  it("shows it received with the contact page's delay, then answered once the studio marks it", async () => {
    const email = "message@example.ca";
    const form = await open("/fr/contact", { width: 375, javaScript: false });
    const field = (name: string) => `[id="contact-${name}"]`;
    await form.selectOption(field("category"), "business");
    await form.fill(field("name"), "Noor Haddad");
    await form.fill(field("email"), email);
    await form.fill(field("subject"), "Kiosque au festival");
    await form.fill(field("message"), "Le studio voudrait-il un kiosque à notre festival au printemps?");
    await form.check(field("consent"));
    await form.click(".contact-form button[type=submit]");
    await form.waitForURL(/\?sent=1/, { timeout: 20_000 });
    const path = await statusLinkOf("contact-acknowledgement", email);

    const phone = await open(path, { width: 375, javaScript: false });
    expect(await phone.locator("h1").textContent()).toBe("Kiosque au festival");
    expect(await statusTitle(phone)).toBe("Reçu");
    await phone.getByText("deux jours ouvrables").waitFor();
    await phone.getByText("Affaires et partenariats").waitFor();
    await expectFitsWidth(phone, "contact message at 375px");

    const listed = JSON.parse(await tool("contact", ["list", "--status", "received", "--json"])) as Array<{
      id: string;
      email: string;
    }>;
    const id = listed.find((row) => row.email === email)!.id;
    expect(await tool("contact", ["answered", "--id", id])).toContain("Marked answered");
    const again = await toolRefusal("contact", ["answered", "--id", id]);
    expect(again.stderr).toContain("already marked answered");

    const wide = await open(path, { width: 1280, allowErrors: [notFoundLine] });
    expect(await statusTitle(wide)).toBe("Répondu");
    expect(await wide.locator('[aria-current="step"]').textContent()).toContain("Répondu");
    await expectAxeClean(wide, "answered contact message at 1280px");

    // The sender's data, with JavaScript: the message as stored; then deleted now, in a dialog.
    const zip = await downloadZip(wide, () =>
      wide.getByRole("button", { name: "Télécharger mes données" }).click(),
    );
    expect(zip.name).toBe("contact-data.zip");
    expect(dataJson(zip.entries)).toMatchObject({
      kind: "contact",
      data: { email, subject: "Kiosque au festival", status: "answered" },
    });
    await wide.getByRole("link", { name: "Supprimer maintenant" }).click();
    const dialog = wide.getByRole("dialog", { name: "Supprimer ce message maintenant?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Oui, le supprimer" }).click();
    await wide.waitForURL(`${site.url}/fr/privacy/requests`);
    await expect
      .poll(() => toastsShown(wide))
      .toContainEqual(expect.stringContaining("Votre message est supprimé"));
    expect((await wide.goto(site.url + path))?.status()).toBe(404);
  });
});
