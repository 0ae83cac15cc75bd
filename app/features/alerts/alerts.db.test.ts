import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadContent, stampContent } from "~/features/content/index.server";
import { jobOffers } from "~/features/jobs/tables";
import { offices } from "~/features/offices/tables";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { outboxEmails } from "~/platform/db/schema";
import { languages } from "~/platform/i18n/languages";
import { createLogger } from "~/platform/logging.server";
import { deliverDueEmails } from "~/platform/mail/outbox.server";
import { startSmtpServer } from "~/platform/mail/test-smtp-server";
import { createSmtpTransport } from "~/platform/mail/transport.server";
import type { Services } from "~/platform/services.server";
import { freePort } from "../../../scripts/lib/site-process";
import { contentKinds } from "../../../server/content-kinds";
import { expectEach } from "../../../tests/support/expect-each";
import { serveApi, testServices } from "../../../tests/support/services";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import type { AlertCreateInput } from "./alert-form";
import {
  alertByToken,
  confirmAlert,
  createAlert,
  listOwnedAlerts,
  purgeUnconfirmedAlerts,
  setAlertActive,
} from "./alerts.server";
import { createAlertsApi } from "./alerts-api.server";
import { matchJobAlerts } from "./match.server";
import { jobAlertDeliveries, jobAlerts, jobAlertTokens } from "./tables";
import { hashAlertToken } from "./tokens.server";

const logger = createLogger("silent");
const config = parseConfig({
  NODE_ENV: "test",
  PUBLIC_URL: "https://studio.test",
  LOG_LEVEL: "silent",
  RATE_LIMIT_FORM_POINTS: "1000",
});
let database: Database;
let svc: Services;
/** Job alerts carry no attachment: a file store with nothing in it. */
const noFiles = { get: async () => null };

let server: Awaited<ReturnType<typeof serveApi>>;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, logger);
  svc = testServices(database, config, { logger });
  server = await serveApi(createAlertsApi(svc));
  base = `${server.url}/open/office-job-subscriptions`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await svc?.rateLimits.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(jobAlerts);
  await database.db.delete(outboxEmails);
  await database.db.delete(jobOffers).where(eq(jobOffers.source, "test"));
});

const input = (over: Partial<AlertCreateInput> = {}): AlertCreateInput => ({
  name: "Quebec QA",
  email: "ada@example.com",
  location: "quebec",
  team: null,
  level: null,
  commitment: null,
  language: "en",
  newsletter: false,
  ...over,
});

/** The management link's id and token, read from the queued creation e-mail. */
async function linkFor(to: string) {
  const [mail] = await database.db
    .select()
    .from(outboxEmails)
    .where(sql`${outboxEmails.to} = ${to} and ${outboxEmails.kind} = 'alert-created'`)
    .orderBy(sql`${outboxEmails.createdAt} desc`)
    .limit(1);
  const match = /alerts\/manage\/([0-9a-f-]{36})\/([\w-]{43})/.exec(mail!.text!)!;
  return { id: match[1]!, token: match[2]! };
}

async function createConfirmed(over: Partial<AlertCreateInput> = {}, at = new Date(Date.now() - 60_000)) {
  const created = await createAlert(svc, input(over), { now: at });
  const link = await linkFor((over.email ?? "ada@example.com").toLowerCase());
  const alert = (await alertByToken(database.db, link.id, link.token))!;
  await confirmAlert(database.db, alert, at);
  expect(created!.id).toBe(link.id);
  return link;
}

let offerSeq = 0;
async function publishOffer(over: Partial<typeof jobOffers.$inferInsert> = {}) {
  const [quebec] = await database.db.select().from(offices).where(eq(offices.slug, "quebec"));
  const [row] = await database.db
    .insert(jobOffers)
    .values({
      slug: `test-offer-${++offerSeq}`,
      source: "test",
      officeId: quebec!.id,
      team: "quality-assurance",
      level: "junior",
      commitment: "full-time",
      // At Quebec, a French-first office: written in every language, listed in every language.
      texts: Object.fromEntries(
        languages.map((lang) => [
          lang,
          { title: `QA Tester ${offerSeq}`, description: "", responsibilities: [], requirements: [] },
        ]),
      ),
      publishedAt: new Date(Date.now() - 24 * 3600_000),
      ...over,
    })
    .returning({ id: jobOffers.id });
  return row!.id;
}

const jobMails = () => database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, "alert-jobs"));

describe("creating and managing alerts", () => {
  it("stores an unconfirmed alert and queues the link; the same answer for a known address", async () => {
    const first = await fetch(base, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...input(), email: "Ada@Example.com" }),
    });
    const second = await fetch(base, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input()),
    });
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(await first.text()).toBe(await second.text());
    const rows = await database.db.select().from(jobAlerts);
    expect(rows.map((r) => [r.email, r.confirmedAt])).toEqual([
      ["ada@example.com", null],
      ["ada@example.com", null],
    ]);
    const tokens = await database.db.select().from(jobAlertTokens);
    expectEach(tokens, (t) => /^[0-9a-f]{64}$/.test(t.tokenHash));
    const mails = await database.db.select().from(outboxEmails);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain("https://studio.test/alerts/manage/");
  });

  it("stores nothing for a filled honeypot and refuses unknown criteria with 400", async () => {
    expect(await createAlert(svc, input({ website: "http://spam" }))).toBeNull();
    const res = await fetch(base, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input({ team: "no-such-team" })),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).messages).toEqual(["team: INVALID_PARAMETERS"]);
    expect(await database.db.select().from(jobAlerts)).toEqual([]);
    expect(await database.db.select().from(outboxEmails)).toEqual([]);
  });

  it("answers junk and forged tokens with the same 4xx and messages, never a 5xx", async () => {
    const { id, token } = await createConfirmed();
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const other = "00000000-0000-4000-8000-000000000000";
    const attempts: Array<[string, string, unknown?]> = [
      ["GET", "/form/xx"],
      ["GET", "/not-an-id"],
      ["GET", `/${other}`],
      ["POST", "", "{junk"],
      ["POST", "", { email: "nope" }],
      ["PUT", `/${id}/${forged}`, { id, token: forged, payload: input() }],
      ["PUT", `/${other}/${token}`, { id: other, token, payload: input() }],
      ["PUT", `/${id}/${token}`, { id, token, payload: { name: "" } }],
      ["PUT", `/${id}/${token}`, "[1,2"],
      ["DELETE", `/${id}/${forged}`],
      ["DELETE", `/${other}/${token}`],
      ["DELETE", `/${id}/short`],
      ["DELETE", `/${"x".repeat(500)}/${token}`],
      ["POST", `/${id}/${forged}/unsubscribe`],
    ];
    const notFoundBodies = new Set<string>();
    for (const [method, url, body] of attempts) {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { "content-type": "application/json" },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
      expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
      const json = (await res.json()) as { messages: string[] };
      expect(json.messages.length).toBeGreaterThan(0);
      if (res.status === 404 && method !== "GET") notFoundBodies.add(JSON.stringify(json));
    }
    // A wrong id and a wrong token are indistinguishable.
    expect(notFoundBodies.size).toBe(1);
    expect((await database.db.select().from(jobAlerts))[0]!.active).toBe(true);
  });

  it("shows no personal data for an id alone; PUT, one-click POST and DELETE work with the token", async () => {
    const { id, token } = await createConfirmed();
    const view = await (await fetch(`${base}/${id}`)).json();
    expect(JSON.stringify(view)).not.toMatch(/ada@|Quebec QA/);
    const put = await fetch(`${base}/${id}/${token}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        id,
        token,
        payload: { ...input({ name: "Renamed", team: "art" }), active: true },
      }),
    });
    expect(put.status).toBe(200);
    expect((await database.db.select().from(jobAlerts))[0]).toMatchObject({ name: "Renamed", team: "art" });
    // RFC 8058: a form-encoded POST without cookies.
    const oneClick = await fetch(`${base}/${id}/${token}/unsubscribe`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect((await database.db.select().from(jobAlerts))[0]!.active).toBe(false);
    expect((await fetch(`${base}/${id}/${token}`, { method: "DELETE" })).status).toBe(200);
    expect(await database.db.select().from(jobAlerts)).toEqual([]);
    expect(await database.db.select().from(jobAlertTokens)).toEqual([]);
  });

  it("lists the owner's confirmed alerts, never another address's or an unconfirmed stranger's", async () => {
    const mine = await createConfirmed({ name: "One" });
    await createConfirmed({ name: "Two" });
    await createAlert(svc, input({ name: "Unconfirmed by someone else" }));
    await createConfirmed({ name: "Bob's", email: "bob@example.com" });
    const via = (await alertByToken(database.db, mine.id, mine.token))!;
    expect((await listOwnedAlerts(database.db, via)).map((a) => a.name)).toEqual(["One", "Two"]);
  });

  it("purges alerts left unconfirmed for 7 days, with their e-mails", async () => {
    await createAlert(svc, input(), { now: new Date(Date.now() - 8 * 24 * 3600_000) });
    const kept = await createConfirmed({ name: "Kept" }, new Date(Date.now() - 30 * 24 * 3600_000));
    expect(await purgeUnconfirmedAlerts(svc)).toBe(1);
    expect((await database.db.select().from(jobAlerts)).map((a) => a.name)).toEqual(["Kept"]);
    // The purged alert's confirmation carried its management link: it went with it.
    expect(await database.db.select({ item: outboxEmails.itemId }).from(outboxEmails)).toEqual([
      { item: kept.id },
    ]);
  });
});

describe("matching", () => {
  it("sends one e-mail per alert for several new jobs, never twice, only after confirmation", async () => {
    const confirmed = await createConfirmed({ language: "es" });
    await createAlert(svc, input({ email: "unconfirmed@example.com" }));
    await createConfirmed({ email: "other@example.com", location: "gent" });
    await createConfirmed({ email: "art@example.com", team: "art" });
    // Listed before the alert was confirmed: never sent.
    await database.db.update(jobOffers).set({ listedAt: new Date(Date.now() - 3600_000) });
    const a = await publishOffer();
    const b = await publishOffer({ level: "senior" });
    await publishOffer({ status: "closed" });
    await publishOffer({ publishedAt: new Date(Date.now() + 7 * 24 * 3600_000) });

    const report = await matchJobAlerts(svc);
    expect(report).toMatchObject({ deliveries: 2, emails: 1 });
    const [mail] = await jobMails();
    expect(mail!.to).toBe("ada@example.com");
    expect(mail!.subject).toBe("2 nuevos puestos coinciden con «Quebec QA»");
    expect(mail!.text).toContain(`/es/careers/${a}`);
    expect(mail!.text).toContain(`/es/careers/${b}`);
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick =
      /^<(https:\/\/studio\.test\/api\/open\/office-job-subscriptions\/([^/]+)\/([^/]+)\/unsubscribe)>$/.exec(
        mail!.headers["List-Unsubscribe"]!,
      )!;
    expect(oneClick[2]).toBe(confirmed.id);
    // The e-mail's own token works for the management page and the one-click POST.
    expect(await alertByToken(database.db, confirmed.id, oneClick[3]!)).not.toBeNull();
    expect(mail!.text).toMatch(/\/es\/alerts\/manage\/[0-9a-f-]{36}\/[\w-]{43}\?stop=/);

    expect(await matchJobAlerts(svc)).toMatchObject({ deliveries: 0, emails: 0 });
    // Edits and resyncs do not move the listing time: still nothing new.
    await database.db.update(jobOffers).set({ updatedAt: new Date() }).where(eq(jobOffers.id, a));
    expect(await matchJobAlerts(svc)).toMatchObject({ deliveries: 0, emails: 0 });
    expect(await jobMails()).toHaveLength(1);
    expect(await database.db.select().from(jobAlertDeliveries)).toHaveLength(2);
  });

  it("sends nothing to a stopped alert, and after resuming only what opened since", async () => {
    const { id, token } = await createConfirmed();
    const via = (await alertByToken(database.db, id, token))!;
    await setAlertActive(database.db, via, false);
    await publishOffer();
    expect(await matchJobAlerts(svc)).toMatchObject({ emails: 0 });
    await setAlertActive(database.db, { ...via, active: false }, true, new Date(Date.now() + 1000));
    expect(await matchJobAlerts(svc)).toMatchObject({ emails: 0 });
    await publishOffer({ listedAt: new Date(Date.now() + 2000) });
    expect(await matchJobAlerts(svc)).toMatchObject({ deliveries: 1, emails: 1 });
  });

  it("mails a French-only Quebec offer only to alerts in French, as the careers pages list it", async () => {
    // The content's own offers were listed before these alerts: only the test's offer is new.
    await database.db.update(jobOffers).set({ listedAt: new Date(Date.now() - 3600_000) });
    await createConfirmed({ email: "en@example.com", language: "en" });
    await createConfirmed({ email: "fr@example.com", language: "fr" });
    const offer = await publishOffer({
      texts: { fr: { title: "Testeur AQ", description: "", responsibilities: [], requirements: [] } },
    });
    expect(await matchJobAlerts(svc)).toMatchObject({ deliveries: 1, emails: 1 });
    const [mail] = await jobMails();
    expect(mail!.to).toBe("fr@example.com");
    expect(mail!.text).toContain(`/fr/careers/${offer}`);
  });

  it("uses a constant number of queries however many alerts match", async () => {
    for (let i = 0; i < 25; i++) await createConfirmed({ email: `p${i}@example.com` });
    await publishOffer();
    await publishOffer();
    const report = await matchJobAlerts(svc);
    expect(report).toMatchObject({ deliveries: 50, emails: 25, queries: 4 });
  });

  it("delivers through the outbox once when SMTP is down, then back", async () => {
    await createConfirmed();
    await database.db.delete(outboxEmails);
    await publishOffer();
    await matchJobAlerts(svc);
    const port = await freePort();
    const down = createSmtpTransport(`smtp://127.0.0.1:${port}`, "Studio <no-reply@studio.test>", noFiles);
    const later = () => new Date(Date.now() + 24 * 3600_000);
    expect(await deliverDueEmails(database.db, down, { maxAttempts: 10, logger })).toMatchObject({
      retrying: 1,
    });
    down.close();
    // Another round while the matcher runs again queues nothing new.
    await matchJobAlerts(svc);
    const smtp = await startSmtpServer(port);
    const up = createSmtpTransport(smtp.url, "Studio <no-reply@studio.test>", noFiles);
    try {
      expect(await deliverDueEmails(database.db, up, { maxAttempts: 10, logger, now: later })).toMatchObject({
        sent: 1,
      });
      expect(await deliverDueEmails(database.db, up, { maxAttempts: 10, logger, now: later })).toMatchObject({
        claimed: 0,
      });
      const [received] = await smtp.waitFor(1);
      expect(smtp.received).toHaveLength(1);
      const lines = received!.headerLines.map((h) => h.line.replace(/\r?\n\s+/g, ""));
      expect(lines).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(lines.join("\n")).toMatch(
        /^List-Unsubscribe:\s*<https:\/\/studio\.test\/api\/open\/office-job-subscriptions\/[^>]+\/unsubscribe>$/m,
      );
    } finally {
      up.close();
      await smtp.stop();
    }
  });
});

it("keeps the token only as a hash", async () => {
  const { token } = await createConfirmed();
  const rows = await database.db.select().from(jobAlertTokens);
  expect(rows.map((r) => r.tokenHash)).toContain(hashAlertToken(token));
  expect(JSON.stringify(rows)).not.toContain(token);
});

it("keeps an offer's listing time when the content loader rewrites the offer", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "alerts-content-"));
  try {
    fs.cpSync(testContent, dir, { recursive: true });
    await stampContent(dir);
    await loadContent(database.db, dir, contentKinds, logger);
    const listed = new Date("2020-01-01T00:00:00Z");
    await database.db
      .update(jobOffers)
      .set({ listedAt: listed })
      .where(eq(jobOffers.slug, "quebec-qa-intern"));
    const yaml = path.join(dir, "jobs", "quebec-qa-intern", "offer.yaml");
    fs.writeFileSync(yaml, fs.readFileSync(yaml, "utf8").replace("min: 21", "min: 22"));
    await stampContent(dir);
    await loadContent(database.db, dir, contentKinds, logger);
    const [row] = await database.db.select().from(jobOffers).where(eq(jobOffers.slug, "quebec-qa-intern"));
    expect(row!.salary?.min).toBe(22);
    expect(row!.listedAt.toISOString()).toBe(listed.toISOString());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
