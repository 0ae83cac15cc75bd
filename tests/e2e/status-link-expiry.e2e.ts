import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hashLinkToken, newLinkToken } from "~/platform/security/link-token.server";
import { pdf } from "~/platform/uploads/test-samples";
import { type Site, startSite, waitForMailFile } from "./support/harness";
import { quebecOfferTitle } from "./support/submissions";

/**
 * Status links that end (docs/requirements.md#status-pages), over HTTP against the built site:
 * a link nobody opened for 90 days and a link replaced by asking for the links again answer 410
 * with the lost-link form and nothing of the submission, in French and in English; every post
 * made with the expired one is refused the same way and changes nothing.
 */

let dataDir: string;
let site: Site;
/** The French status page of a contact message whose link nobody opened for 91 days. */
const expired = `/fr/status/${newLinkToken()}`;
const expiredAddress = "expired.link@example.com";
const expiredSubject = "Stand au festival de Montréal";

/** Applies for the Quebec gameplay offer as its French form posts without JavaScript; answers the link's path. */
async function apply(email: string): Promise<string> {
  const offers = (await (
    await fetch(`${site.url}/api/offices/job-offers?lang=fr&location=quebec`)
  ).json()) as {
    items: Array<{ id: number; slug: string }>;
  };
  const offer = offers.items.find((item) => item.slug === "quebec-senior-gameplay-programmer");
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: "Léa Tremblay",
    email,
    "phone.country": "CA",
    "phone.number": "418 555 0134",
    consent: "on",
  }))
    form.append(name, value);
  form.append("resume", new Blob([pdf], { type: "application/pdf" }), "cv.pdf");
  const sent = await fetch(`${site.url}/fr/careers/${offer!.id}`, {
    method: "POST",
    body: form,
    headers: { Origin: site.url },
    redirect: "manual",
  });
  expect(sent.status).toBe(303);
  const mail = await simpleParser(await waitForMailFile(site, "job-application-received", email));
  return /\/fr\/status\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? "")![0];
}

/** Asks for the links again on the French lost-link page; answers the links the e-mail carries. */
async function askAgain(email: string): Promise<string[]> {
  const asked = await post("/fr/status", { email });
  expect(asked.status).toBe(303);
  const mail = await simpleParser(await waitForMailFile(site, "status-links", email));
  return [...(mail.text ?? "").matchAll(/\/fr\/status\/[A-Za-z0-9_-]{43}/g)].map((m) => m[0]);
}

const post = (target: string, form: Record<string, string>) =>
  fetch(site.url + target, {
    method: "POST",
    body: new URLSearchParams(form),
    headers: { Origin: site.url },
    redirect: "manual",
  });

/** Fails unless the answer is the expired link's page: 410, the lost-link form, nothing of the submission. */
async function expectExpiredPage(
  answer: Response,
  texts: { title: string; formAction: string; hidden: string },
) {
  expect(answer.status).toBe(410);
  expect(answer.headers.get("cache-control")).toBe("private, no-store");
  const html = await answer.text();
  expect(html).toContain(texts.title);
  const form = /<form[^>]*id="status-request"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? "";
  expect(form).toContain(`action="${texts.formAction}"`);
  expect(form).toMatch(/<input[^>]*name="email"/);
  expect(html).not.toContain(texts.hidden);
  expect(html).not.toContain("/download");
}

const french = { title: "Ce lien a expiré", formAction: "/fr/status" };

// A contact message whose link nobody opened for 91 days, written into the site's database
// before it starts, as the days would leave it.
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-e2e-link-expiry-"));
  fs.cpSync(inject("templateDataDir"), dataDir, { recursive: true });
  const pg = new PGlite(path.join(dataDir, "pglite"));
  await pg.query(
    `with message as (
       insert into contact_messages (category, name, email, subject, message, language, expires_at)
       values ('business', 'Noor Haddad', $1, $2, 'Would the studio like a booth at our festival?', 'fr',
         now() + interval '1 year')
       returning id)
     insert into status_links (token_hash, kind, item_id, created_at, last_opened_at)
     select $3, 'contact', id::text, now() - interval '200 days', now() - interval '91 days' from message`,
    [expiredAddress, expiredSubject, hashLinkToken(expired.split("/").at(-1)!)],
  );
  await pg.close();
  // Many posts from one client: a budget would answer 429 before the page does.
  site = await startSite({
    dataDir,
    env: { RATE_LIMIT_FORM_POINTS: "100000", RATE_LIMIT_API_POINTS: "100000" },
  });
}, 60_000);

afterAll(async () => {
  await site?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a status link nobody opened for 90 days", { timeout: 60_000 }, () => {
  it("answers 410 with the lost-link form and nothing of the message, in French and in English", async () => {
    await expectExpiredPage(await fetch(site.url + expired), { ...french, hidden: expiredSubject });
    await expectExpiredPage(await fetch(site.url + expired.replace(/^\/fr\//, "/")), {
      title: "This link has expired",
      formAction: "/status",
      hidden: expiredSubject,
    });
  });

  it("refuses every post made with it the same way, and nothing changes", async () => {
    const forms: Array<Record<string, string>> = [
      { intent: "withdraw" },
      { intent: "delete" },
      { intent: "confirm" },
      { intent: "decline" },
      { intent: "sign", fullName: "Léa Tremblay" },
    ];
    for (const form of forms)
      await expectExpiredPage(await post(expired, form), { ...french, hidden: expiredSubject });
    const download = await post(`${expired}/download`, {});
    expect(download.status).toBe(410);
    expect(await download.json()).toEqual({ messages: ["STATUS_LINK_EXPIRED"] });
    expect((await fetch(`${site.url}${expired}/session.ics`)).status).toBe(410);

    // A link asked for again opens the message: still there.
    const [fresh] = await askAgain(expiredAddress);
    const page = await fetch(site.url + fresh!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(expiredSubject);
  });
});

describe("a status link replaced by asking for the links again", { timeout: 60_000 }, () => {
  it("answers 410 with the lost-link form, while the fresh link opens", async () => {
    const address = "replaced.link@example.com";
    const earlier = await apply(address);
    expect((await fetch(site.url + earlier)).status).toBe(200);
    const [fresh] = await askAgain(address);
    await expectExpiredPage(await fetch(site.url + earlier), { ...french, hidden: quebecOfferTitle });
    const page = await fetch(site.url + fresh!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(quebecOfferTitle);
  });
});
