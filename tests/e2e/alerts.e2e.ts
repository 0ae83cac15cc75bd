import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ParsedMail } from "mailparser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stampContent } from "~/features/content/index.server";
import { startSmtpServer, type TestSmtpServer } from "~/platform/mail/test-smtp-server";
import { testContent } from "../support/test-content";
import {
  expectAxeClean,
  mailQueueSent,
  newDocument,
  openBrowser,
  openPage,
  type Site,
  startSite,
  toastsShown,
  waitForHydration,
} from "./support/harness";

/**
 * Job alerts as a new visitor lives them, in Spanish: create the alert in the
 * browser, read the e-mail from a real SMTP server, confirm, stop and resume, edit; a matching
 * job is published (a content file, picked up at the next start) and arrives in exactly one
 * e-mail; one-click unsubscribe stops the alert; removing it asks first.
 */

let site: Site;
let browser: Browser;
let smtp: TestSmtpServer;
let contentDir: string;
let dataDir: string;

const env = () => ({
  SMTP_URL: smtp.url,
  MAIL_WORKER_INTERVAL_MS: "100",
  CONTENT_DIR: contentDir,
});

beforeAll(async () => {
  smtp = await startSmtpServer();
  contentDir = fs.mkdtempSync(path.join(os.tmpdir(), "alerts-e2e-content-"));
  fs.cpSync(testContent, contentDir, { recursive: true });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "alerts-e2e-data-"));
  [site, browser] = await Promise.all([startSite({ env: env(), dataDir }), openBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await smtp?.stop();
  fs.rmSync(contentDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function open(url: string, width = 375, allowErrors: RegExp[] = []): Promise<Page> {
  const { page } = await openPage(browser, { width, allowErrors });
  await page.goto(url);
  await waitForHydration(page);
  return page;
}

const mailsTo = (to: string) => smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes(to));

/** The e-mails to this address once there are at least `count`, as the SMTP server receives them. */
async function waitForMails(to: string, count: number): Promise<ParsedMail[]> {
  while (mailsTo(to).length < count) await smtp.nextMessage();
  return mailsTo(to);
}

/** The link of an e-mail, moved onto the current site (a restart changes the port). */
function managePath(mail: ParsedMail): string {
  const found = /https?:\/\/\S+?(\/es\/alerts\/manage\/[0-9a-f-]{36}\/[\w-]{43})/.exec(mail.text ?? "");
  expect(found).not.toBeNull();
  return found![1]!;
}

describe("job alerts in Spanish", { timeout: 180_000 }, () => {
  const address = "lucia@example.com";
  let linkPath = "";
  const link = () => site.url + linkPath;

  it("creates an alert pre-filled from the careers filters and e-mails the link", async () => {
    const page = await open(`${site.url}/es/alerts?location=quebec&team=quality-assurance`);
    expect(await page.inputValue("#alert-create-location")).toBe("quebec");
    expect(await page.inputValue("#alert-create-team")).toBe("quality-assurance");
    await expectAxeClean(page, "alerts es 375");

    // Empty submit: the texts of docs/requirements.md#validation-messages.
    await page.click("#alert-create button[type=submit]");
    await expect.poll(() => page.textContent("#alert-create-name-error")).toBe("Este campo es obligatorio");

    await page.fill("#alert-create-name", "QA en Quebec");
    await page.fill("#alert-create-email", address);
    await page.click("#alert-create button[type=submit]");
    await page.waitForURL(/\/es\/alerts\?created/);
    // Confirmed once, on the page where the form was: no toast repeating it.
    await expect
      .poll(() => page.textContent(".alert-created"))
      .toContain("Tu alerta de empleo ha sido creada");
    expect(await toastsShown(page)).toEqual([]);
    await expectAxeClean(page, "alert created es");

    const [mail] = await waitForMails(address, 1);
    expect(mail!.subject).toBe("Confirma tu alerta de empleo");
    linkPath = managePath(mail!);
  });

  it("confirms only with the button, then stops, resumes and edits the alert", async () => {
    const page = await open(link());
    const response = await page.request.get(link());
    // The page's own policy replaces the site-wide one: no Referer (with the token) ever
    // leaves for another site.
    expect(response.headers()["referrer-policy"]).toBe("same-origin");
    // Opening the link confirmed nothing.
    await page.reload();
    await waitForHydration(page);
    await page.waitForSelector("text=Confirmar mi alerta");
    await expectAxeClean(page, "confirm es");
    await page.click("text=Confirmar mi alerta");
    await page.waitForSelector(".alert-card");
    expect(await page.textContent(".alert-card")).toContain("QA en Quebec");
    const box = page.locator(".alert-card input[type=checkbox]");
    expect(await box.isChecked()).toBe(true);

    const status = page.locator(".alert-card .alert-status");
    await box.uncheck();
    await status.filter({ hasText: /^Detenida$/ }).waitFor();
    await page.reload();
    await waitForHydration(page);
    expect(await page.locator(".alert-card input[type=checkbox]").isChecked()).toBe(false);
    await page.locator(".alert-card input[type=checkbox]").check();
    await status.filter({ hasText: /^Activa$/ }).waitFor();

    await page.click(".alert-card >> text=Editar");
    await page.waitForSelector("form.alert-form");
    await page.fill("form.alert-form input[name=name]", "QA en Quebec, júnior");
    await page.click("form.alert-form button[type=submit]");
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringContaining("Tu alerta de empleo ha sido actualizada"));
    expect(await page.textContent(".alert-card__name")).toBe("QA en Quebec, júnior");
    await expectAxeClean(page, "manage es 375");
  });

  it("e-mails a matching job once, and one-click unsubscribe stops the alert", async () => {
    // Publish: a new job file in the content folder, loaded (and matched) at the next start.
    const today = new Date().toISOString().slice(0, 10);
    const job = path.join(contentDir, "jobs", "quebec-qa-tester-e2e");
    fs.cpSync(path.join(contentDir, "jobs", "quebec-qa-intern"), job, { recursive: true });
    const yaml = path.join(job, "offer.yaml");
    fs.writeFileSync(
      yaml,
      fs.readFileSync(yaml, "utf8").replace(/publishedAt: .*/, `publishedAt: "${today}"`),
    );
    // A Quebec offer reaches a Spanish alert only when it is written in Spanish too, as the
    // Spanish careers page lists it (the French-first rule, features/jobs/offer-languages.ts).
    fs.writeFileSync(
      path.join(job, "es.md"),
      fs
        .readFileSync(path.join(job, "en.md"), "utf8")
        .replace(/^title: .*$/m, 'title: "Becario o becaria de control de calidad"'),
    );
    // Stamped, as the editor commits it: the next start loads only a newer folder.
    await stampContent(contentDir);
    await site.stop();
    // The first process claimed this minute's match at its start: the restarted one would wait
    // out the rest of the minute (tasks run once per period across processes). A one-second
    // period lets it match now, and has it match again every second: the "once" below holds
    // across many runs of the matcher.
    site = await startSite({ env: { ...env(), TASK_PERIOD_SECONDS: "1" }, dataDir });

    const mails = await waitForMails(address, 2);
    const jobMail = mails[1]!;
    expect(jobMail.subject).toBe("Un nuevo puesto coincide con «QA en Quebec, júnior»");
    expect(jobMail.text).toContain("/es/careers/");
    const lines = jobMail.headerLines.map((h) => h.line.replace(/\r?\n\s+/g, " "));
    expect(lines).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const oneClick = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(lines.join("\n"))![1]!;
    // Nothing more arrives: the job is never sent twice.
    await mailQueueSent(site, (to) => waitForMails(to, 1));
    expect(mailsTo(address)).toHaveLength(2);

    // What a mail client sends (RFC 8058): a form POST, no cookies.
    const res = await fetch(oneClick, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    const page = await open(site.url + managePath(jobMail), 1280);
    await page.waitForSelector(".alert-card");
    expect(await page.textContent(".alert-card .alert-status")).toBe("Detenida");
    expect(await page.locator(".alert-card input[type=checkbox]").isChecked()).toBe(false);
    await expectAxeClean(page, "manage es 1280");
  });

  it("removes the alert after asking", async () => {
    // The link stops working after the removal: its 404 is expected.
    const page = await open(link(), 1280, [/status of 404/]);
    await page.waitForSelector(".alert-card");
    await page.click(".alert-card >> text=Eliminar");
    const dialog = page.locator("dialog[open]");
    await expect.poll(() => dialog.textContent()).toContain("¿Seguro que quieres eliminar esta alerta?");
    await expectAxeClean(page, "remove dialog es");
    await dialog.getByRole("button", { name: "Sí, eliminarla" }).click();
    await page.waitForURL(/\/es\/alerts$/);
    await expect
      .poll(() => toastsShown(page))
      .toContainEqual(expect.stringContaining("Tu alerta de empleo ha sido eliminada"));
    await page.goto(link());
    await page.waitForSelector("text=Este enlace no funciona");
  });
});

describe("job alerts without JavaScript", { timeout: 120_000 }, () => {
  it("creates, confirms, stops from the visible link and removes after a confirmation step", async () => {
    const address = "sans.js@example.com";
    const { page } = await openPage(browser, { javaScript: false, allowErrors: [/status of 404/] });
    await page.goto(`${site.url}/fr/alerts`);
    await page.fill("#alert-create-name", "Audio partout");
    await page.fill("#alert-create-email", address);
    await page.selectOption("#alert-create-team", "audio");
    await page.click("#alert-create button[type=submit]");
    await page.waitForURL(/\/fr\/alerts\?created/);
    expect(await page.textContent("body")).toContain("Votre alerte emploi a été créée");

    const [mail] = await waitForMails(address, 1);
    const found = /https?:\/\/\S+?(\/fr\/alerts\/manage\/([0-9a-f-]{36})\/[\w-]{43})/.exec(mail!.text ?? "")!;
    const manage = site.url + found[1]!;
    await page.goto(manage);
    await newDocument(page, () => page.click("text=Confirmer mon alerte"));
    await page.waitForSelector(".alert-card");

    // The visible unsubscribe link of a job e-mail: a page with a button, never a GET that acts.
    await page.goto(`${manage}?stop=${found[2]}`);
    await newDocument(page, () => page.click("text=Arrêter les courriels"));
    await page.waitForSelector(".alert-card");
    expect(await page.textContent(".alert-card .alert-status")).toBe("Arrêtée");

    await page.click(".alert-card >> text=Supprimer");
    await page.waitForSelector("dialog[open]");
    expect(await page.textContent("dialog[open]")).toContain("Voulez-vous vraiment supprimer cette alerte?");
    await page.click("dialog[open] >> text=Oui, la supprimer");
    await page.waitForURL(/\/fr\/alerts$/);
    await page.goto(manage);
    await page.waitForSelector("text=Ce lien ne fonctionne pas");
  });
});
