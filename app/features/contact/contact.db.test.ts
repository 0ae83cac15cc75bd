import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import YAML from "yaml";
import { siteSettings } from "~/features/content/tables";
import { studioFileSchema } from "~/features/studio/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database, Db } from "~/platform/db/client.server";
import { outboxEmails } from "~/platform/db/schema";
import { deliverDueEmails } from "~/platform/mail/outbox.server";
import { startSmtpServer } from "~/platform/mail/test-smtp-server";
import { createSmtpTransport } from "~/platform/mail/transport.server";
import { serveApi, testServices } from "../../../tests/support/services";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { verifyCaptcha } from "./captcha.server";
import { purgeExpiredContactData, sendContactMessage } from "./contact.server";
import { createContactApi } from "./contact-api.server";
import { CAPTCHA_FAILED, SERVICE_UNAVAILABLE } from "./contact-submit.server";
import { captchaTokens, contactMessages, feedbacks } from "./tables";

let database: Database;
let db: Db;
const servers: Array<ReturnType<express.Express["listen"]>> = [];
const closers: Array<() => Promise<void>> = [];
let api: string;
let apiNoCaptcha: string;
let siteverify: string;
const verifyCalls: Array<Record<string, string>> = [];

/**
 * A stand-in for Google's siteverify: the token names the answer, so each test picks its case.
 */
function startSiteverify() {
  const app = express();
  app.post("/siteverify", express.urlencoded({ extended: false }), (req, res) => {
    const { secret, response } = req.body as Record<string, string>;
    verifyCalls.push({ secret: secret!, response: response! });
    const ok = { success: true, score: 0.9, action: "contact", hostname: "stormkettle.example" };
    if (response?.startsWith("low")) return void res.json({ ...ok, score: 0.1 });
    if (response?.startsWith("action")) return void res.json({ ...ok, action: "login" });
    if (response?.startsWith("host")) return void res.json({ ...ok, hostname: "evil.example" });
    if (response?.startsWith("bad"))
      return void res.json({ success: false, "error-codes": ["invalid-input-response"] });
    if (response?.startsWith("broken")) return void res.status(500).send("oops");
    res.json(ok);
  });
  return app;
}

async function listen(app: express.Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function contactApi(config: ReturnType<typeof parseConfig>): Promise<string> {
  const served = await serveApi(createContactApi(testServices(database, config)));
  closers.push(served.close);
  return served.url;
}

const baseEnv = { PUBLIC_URL: "https://stormkettle.example", RATE_LIMIT_FORM_POINTS: "1000" };
let captchaConfig: ReturnType<typeof parseConfig>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const studio = studioFileSchema.parse(
    YAML.parse(fs.readFileSync(path.join(testContent, "studio.yaml"), "utf8")),
  );
  await db.insert(siteSettings).values({ key: "studio", value: studio });
  siteverify = `${await listen(startSiteverify())}/siteverify`;
  captchaConfig = parseConfig({
    ...baseEnv,
    RECAPTCHA_SITE_KEY: "site-key-for-tests",
    RECAPTCHA_SECRET: "secret-for-tests",
    RECAPTCHA_VERIFY_URL: siteverify,
  });
  api = await contactApi(captchaConfig);
  apiNoCaptcha = await contactApi(parseConfig(baseEnv));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await Promise.all(closers.map((close) => close()));
  await database?.close();
});

beforeEach(async () => {
  await db.delete(contactMessages);
  await db.delete(feedbacks);
  await db.delete(captchaTokens);
  await db.delete(outboxEmails);
  verifyCalls.length = 0;
});

const message = {
  category: "press" as const,
  name: "Ada Reporter",
  email: "ada@news.example",
  subject: "Interview request",
  message: "Hello! I would like to interview your lead designer about Tidebound.\n\nBest, Ada",
  consent: true,
};

const post = (base: string, body: unknown, query = "") =>
  fetch(`${base}/contacts${query}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("GET /api/contacts/form", () => {
  it("lists the categories with their addresses, in the language asked, and the captcha settings", async () => {
    const res = await fetch(`${api}/contacts/form?lang=es`);
    expect(res.status).toBe(200);
    const form = await res.json();
    expect(form.categories.map((c: { value: string }) => c.value)).toEqual([
      "general",
      "press",
      "business",
      "support",
      "careers",
    ]);
    expect(form.categories[1]).toEqual({
      value: "press",
      label: "Prensa y medios",
      email: "press@stormkettle.example",
    });
    expect(form.captcha).toEqual({ siteKey: "site-key-for-tests", action: "contact" });
    expect((await (await fetch(`${apiNoCaptcha}/contacts/form`)).json()).captcha.siteKey).toBeNull();
  });

  it("refuses an unknown language with 400 messages", async () => {
    const res = await fetch(`${api}/contacts/form?lang=de`);
    expect(res.status).toBe(400);
    expect((await res.json()).messages[0]).toMatch(/^lang:/);
  });
});

describe("POST /api/contacts", () => {
  it("stores a press enquiry, mails it to the press address and acknowledges without the sender's text", async () => {
    const res = await post(api, { ...message, captchaToken: "good-1" }, "?lang=fr");
    expect(res.status).toBe(201);
    expect(verifyCalls).toEqual([{ secret: "secret-for-tests", response: "good-1" }]);
    const [row] = await db.select().from(contactMessages);
    expect(row).toMatchObject({ category: "press", email: "ada@news.example", language: "fr" });
    const mails = await db.select().from(outboxEmails);
    const team = mails.find((m) => m.kind === "contact-message")!;
    const ack = mails.find((m) => m.kind === "contact-acknowledgement")!;
    expect(team.to).toBe("press@stormkettle.example");
    expect(team.headers).toEqual({ "Reply-To": "ada@news.example" });
    expect(team.text).toContain("interview your lead designer");
    expect(ack.to).toBe("ada@news.example");
    expect(ack.subject).toBe("Nous avons bien reçu votre message");
    // Nothing the visitor typed travels to the address they typed.
    for (const part of ["Interview request", "interview your lead designer", "Ada Reporter"]) {
      expect(ack.text).not.toContain(part);
      expect(ack.html).not.toContain(part);
      expect(ack.subject).not.toContain(part);
    }
  });

  it("answers bad fields with 400 messages and stores nothing", async () => {
    const res = await post(api, { ...message, email: "nope", message: "short", captchaToken: "good-2" });
    expect(res.status).toBe(400);
    const { messages } = await res.json();
    expect(messages).toEqual(
      expect.arrayContaining([expect.stringMatching(/^email:/), expect.stringMatching(/^message:/)]),
    );
    expect(await db.select().from(contactMessages)).toEqual([]);
    for (const junk of ["[]", "not json", JSON.stringify({ category: "ceo" })]) {
      const r = await fetch(`${api}/contacts`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: junk,
      });
      expect(r.status).toBe(400);
    }
    expect(await db.select().from(outboxEmails)).toEqual([]);
  });

  it.each([
    ["a low score", "low-1"],
    ["another action", "action-1"],
    ["another hostname", "host-1"],
    ["a token the service refuses", "bad-1"],
  ])("refuses %s with the bot-check text and stores nothing", async (_case, token) => {
    const res = await post(api, { ...message, captchaToken: token });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ messages: [CAPTCHA_FAILED] });
    expect(await db.select().from(contactMessages)).toEqual([]);
    expect(await db.select().from(outboxEmails)).toEqual([]);
  });

  it("refuses a missing token when a secret is configured", async () => {
    const res = await post(api, message);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ messages: [CAPTCHA_FAILED] });
    expect(verifyCalls).toEqual([]);
  });

  it("refuses a replayed token", async () => {
    expect((await post(api, { ...message, captchaToken: "good-replay" })).status).toBe(201);
    const again = await post(api, { ...message, captchaToken: "good-replay" });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ messages: [CAPTCHA_FAILED] });
    expect(await db.select().from(contactMessages)).toHaveLength(1);
  });

  it("answers 503 'try again later' when the verification service fails or is unreachable, storing nothing", async () => {
    const broken = await post(api, { ...message, captchaToken: "broken-1" });
    expect(broken.status).toBe(503);
    expect(await broken.json()).toEqual({ messages: [SERVICE_UNAVAILABLE] });
    const unreachable = parseConfig({
      ...baseEnv,
      RECAPTCHA_SECRET: "secret-for-tests",
      RECAPTCHA_VERIFY_URL: "http://127.0.0.1:9/siteverify",
    });
    expect(await verifyCaptcha({ db, config: unreachable }, "good-3", { action: "contact" })).toEqual({
      ok: false,
      reason: "unavailable",
    });
    expect(await db.select().from(contactMessages)).toEqual([]);
  });

  it("without a captcha secret relies on the honeypot: a filled one is answered as sent and dropped", async () => {
    expect((await post(apiNoCaptcha, { ...message, website: "http://spam.example" })).status).toBe(201);
    expect(await db.select().from(contactMessages)).toEqual([]);
    expect(await db.select().from(outboxEmails)).toEqual([]);
    expect((await post(apiNoCaptcha, message)).status).toBe(201);
    expect(await db.select().from(contactMessages)).toHaveLength(1);
    expect(verifyCalls).toEqual([]);
  });

  it("is rate limited per client", async () => {
    const strict = parseConfig({ ...baseEnv, RATE_LIMIT_FORM_POINTS: "2" });
    const base = await contactApi(strict);
    expect((await post(base, message)).status).toBe(201);
    expect((await post(base, message)).status).toBe(201);
    const third = await post(base, message);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBeTruthy();
    expect(await db.select().from(contactMessages)).toHaveLength(2);
  });
});

describe("delivery and retention", () => {
  it("delivers the press enquiry over SMTP to the press address, answerable with Reply-To", async () => {
    const smtp = await startSmtpServer();
    try {
      await sendContactMessage(
        { db, config: captchaConfig },
        { ...message, category: "press" },
        { lang: "en" },
      );
      const transport = createSmtpTransport(smtp.url, "Stormkettle <no-reply@stormkettle.example>", {
        get: async () => null,
      });
      await deliverDueEmails(db, transport, { maxAttempts: 3 });
      transport.close();
      const received = await smtp.waitFor(2);
      const team = received.find((m) => m.subject?.includes("Interview request"))!;
      expect(team.to).toMatchObject({ text: "press@stormkettle.example" });
      expect(team.replyTo).toMatchObject({ text: "ada@news.example" });
    } finally {
      await smtp.stop();
    }
  });

  it("purges messages, feedback and used tokens past their date", async () => {
    const then = new Date("2026-01-10T10:00:00Z");
    await sendContactMessage({ db, config: captchaConfig }, message, { lang: "en", now: then });
    await sendContactMessage({ db, config: captchaConfig }, message, { lang: "en" });
    await db.insert(captchaTokens).values({ tokenHash: "old", expiresAt: then });
    const res = await fetch(`${api}/feedbacks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ page: "/support/faq/refunds", rating: 4, message: "Clear answer", lang: "es" }),
    });
    expect(res.status).toBe(201);
    const deleted = await purgeExpiredContactData(
      { db, config: captchaConfig },
      new Date("2028-01-11T10:00:00Z"),
    );
    expect(deleted).toEqual({ messages: 1, feedbacks: 0, captchaTokens: 1 });
    expect(await db.select().from(contactMessages)).toHaveLength(1);
    expect(await db.select().from(feedbacks)).toHaveLength(1);
  });
});

describe("POST /api/feedbacks", () => {
  it("stores short feedback and refuses junk with 400 messages", async () => {
    const send = (body: unknown) =>
      fetch(`${api}/feedbacks`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await send({ page: "/support", rating: 5 })).status).toBe(201);
    for (const bad of [
      { page: "https://evil.example/", rating: 5 },
      { page: "/support", rating: 9 },
      { page: "/support", rating: 3, message: "x".repeat(2001) },
      { page: "/support", rating: 3, extra: true },
    ]) {
      const res = await send(bad);
      expect(res.status).toBe(400);
      expect((await res.json()).messages.length).toBeGreaterThan(0);
    }
    const rows = await db.select().from(feedbacks);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ page: "/support", rating: 5, message: null, language: "en" });
  });
});
