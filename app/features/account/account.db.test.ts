import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { eq } from "drizzle-orm";
import express from "express";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import YAML from "yaml";
import { siteSettings } from "~/features/content/tables";
import { studioFileSchema } from "~/features/studio/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database, Db } from "~/platform/db/client.server";
import { outboxEmails } from "~/platform/db/schema";
import { apiErrorHandler } from "~/platform/http/errors.server";
import { createRateLimits } from "~/platform/http/rate-limit.server";
import { createLogger } from "~/platform/logging.server";
import type { Services } from "~/platform/services.server";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createAccountApi } from "./account-api.server";
import { purgeExpiredAccountData } from "./sessions.server";
import { accountSessions, accountTokens, accountUsers } from "./tables";

let database: Database;
let db: Db;
let server: http.Server;
let pwned: http.Server;
let smsServer: http.Server;
/** What the stand-in SMS provider received (form fields and the basic-auth header). */
const texts: Array<{ to: string; body: string; auth: string }> = [];
let smsFails = false;
let base: string;
let origin: string;

/** A stand-in for the breached-password range service: knows one breached password. */
const breached = "Tr0ub4dor&3x";

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const studio = studioFileSchema.parse(
    YAML.parse(fs.readFileSync(path.join(testContent, "studio.yaml"), "utf8")),
  );
  await db.insert(siteSettings).values({ key: "studio", value: studio });
  const crypto = await import("node:crypto");
  const sha1 = crypto.createHash("sha1").update(breached).digest("hex").toUpperCase();
  pwned = http.createServer((req, res) => {
    const prefix = req.url?.split("/").pop() ?? "";
    res.end(
      prefix === sha1.slice(0, 5) ? `0000000000000000000000000000000000A:0\n${sha1.slice(5)}:42\n` : "",
    );
  });
  pwned.listen(0, "127.0.0.1");
  await new Promise((r) => pwned.once("listening", r));
  smsServer = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d) => {
      raw += d;
    });
    req.on("end", () => {
      if (smsFails || req.url !== "/2010-04-01/Accounts/AC1/Messages.json") {
        res.writeHead(500).end("{}");
        return;
      }
      const form = new URLSearchParams(raw);
      texts.push({ to: form.get("To")!, body: form.get("Body")!, auth: req.headers.authorization ?? "" });
      res.writeHead(201, { "content-type": "application/json" }).end('{"sid":"SM1"}');
    });
  });
  smsServer.listen(0, "127.0.0.1");
  await new Promise((r) => smsServer.once("listening", r));
  const config = parseConfig({
    SMS_API_URL: `http://127.0.0.1:${(smsServer.address() as AddressInfo).port}/2010-04-01/Accounts/AC1`,
    SMS_API_USERNAME: "AC1",
    SMS_API_PASSWORD: "secret-token",
    SMS_FROM: "+15005550006",
    PUBLIC_URL: "https://studio.example",
    RATE_LIMIT_FORM_POINTS: "1000",
    PWNED_PASSWORDS_URL: `http://127.0.0.1:${(pwned.address() as AddressInfo).port}`,
  });
  const logger = createLogger("silent");
  const svc = {
    config,
    database,
    db,
    logger,
    rateLimits: createRateLimits(config, logger),
  } as unknown as Services;
  const app = express();
  app.use("/api", express.json({ limit: "100kb" }), createAccountApi(svc), apiErrorHandler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/account`;
  origin = "https://studio.example";
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await new Promise((r) => pwned?.close(r));
  await new Promise((r) => smsServer?.close(r));
  await database?.close();
});

beforeEach(async () => {
  await db.delete(accountUsers);
  await db.delete(outboxEmails);
});

/** A browser-like client: keeps the cookies it is given and sends our Origin. */
function client() {
  const jar = new Map<string, string>();
  return {
    jar,
    async post(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
      const res = await fetch(`${base}/${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin,
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
          ...headers,
        },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const [name, value] = pair!.split("=");
        if (/Max-Age=0/.test(line)) jar.delete(name!);
        else jar.set(name!, value!);
      }
      return { status: res.status, body: await res.json(), cookies: res.headers.getSetCookie() };
    },
    async get(path: string) {
      const res = await fetch(`${base}/${path}`, {
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      return { status: res.status, body: await res.json() };
    },
  };
}

const password = "Kettle-Storm-42";
const newUser = (overrides: Record<string, unknown> = {}) => ({
  username: "ada_l",
  email: "Ada@Example.com",
  password,
  confirmPassword: password,
  dateOfBirth: "1990-04-12",
  tos: true,
  ...overrides,
});

async function linkFromOutbox(kind: string, to: string): Promise<string> {
  await expect
    .poll(async () => (await db.select().from(outboxEmails).where(eq(outboxEmails.kind, kind))).length)
    .toBeGreaterThan(0);
  const rows = await db.select().from(outboxEmails).where(eq(outboxEmails.kind, kind));
  const mail = rows.filter((r) => r.to === to).at(-1)!;
  return /token=([A-Za-z0-9_-]+)/.exec(mail.text!)![1]!;
}

/** Creates, verifies and signs in an account; returns the signed-in client. */
async function signedIn(overrides: Record<string, unknown> = {}) {
  const c = client();
  const user = newUser(overrides);
  expect((await c.post("create", user)).status).toBe(201);
  const token = await linkFromOutbox("account-verify", String(user.email).toLowerCase());
  expect((await c.post("validate", { token })).status).toBe(200);
  const res = await c.post("login", { identifier: user.username, password: user.password });
  expect(res.status).toBe(200);
  return c;
}

describe("create, verify, login", () => {
  it("creates an unverified account, verifies it once, and signs in by username or e-mail", async () => {
    const c = client();
    expect((await c.post("create", newUser())).status).toBe(201);
    const [user] = await db.select().from(accountUsers);
    expect(user).toMatchObject({ email: "ada@example.com", username: "ada_l", tosVersion: 1 });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await c.post("login", { identifier: "ada_l", password })).body.messages).toEqual([
      "EMAIL_NOT_VERIFIED",
    ]);

    const token = await linkFromOutbox("account-verify", "ada@example.com");
    const [stored] = await db.select().from(accountTokens).where(eq(accountTokens.purpose, "verify"));
    expect(stored!.hash).not.toContain(token);
    expect(stored!.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    expect((await c.post("validate", { token })).status).toBe(200);
    expect((await c.post("validate", { token })).status).toBe(400);

    const res = await c.post("login", { identifier: "ADA@example.com", password });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ username: "ada_l", emailVerified: true, mfa: [] });
    const expire = new Date(res.body.expire).getTime();
    expect(expire - Date.now()).toBeLessThanOrEqual(172_800_000);
    const cookie = res.cookies.find((l) => l.startsWith("__Host-studio_session="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain=/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)![1])).toBeLessThanOrEqual(172800);
    // 256 random bits in the cookie; only its hash in the database.
    const value = c.jar.get("__Host-studio_session")!;
    expect(Buffer.from(value, "base64url").length).toBeGreaterThanOrEqual(16);
    const sessions = await db.select().from(accountSessions);
    expect(sessions.map((s) => s.idHash)).not.toContain(value);
  });

  it("refuses junk with 4xx service error codes and stores nothing", async () => {
    const c = client();
    expect((await c.post("create", "{not json")).status).toBe(400);
    expect((await c.post("create", {})).status).toBe(400);
    expect(
      (await c.post("create", newUser({ password: "short", confirmPassword: "short" }))).body.messages,
    ).toEqual(["INVALID_PASSWORD"]);
    expect((await c.post("create", newUser({ confirmPassword: "Other-Pass-42" }))).body.messages).toEqual([
      "INVALID_PASSWORD",
    ]);
    expect((await c.post("create", newUser({ email: "nope" }))).body.messages).toEqual(["INVALID_EMAIL"]);
    expect((await c.post("create", newUser({ username: "a b" }))).body.messages).toEqual([
      "INVALID_USERNAME",
    ]);
    expect((await c.post("create", newUser({ tos: false }))).body.messages).toEqual(["MISSING_TERMS_ACCEPT"]);
    // Common (bundled list) and breached (range service) passwords.
    for (const bad of ["Password123", breached]) {
      const res = await c.post("create", newUser({ password: bad, confirmPassword: bad }));
      expect(res).toMatchObject({ status: 400, body: { messages: ["INVALID_PASSWORD"] } });
    }
    for (const path of [
      "login",
      "validate",
      "forgot-password",
      "reset-password",
      "mfa/submitcode",
      "update-email",
    ]) {
      const res = await c.post(path, { junk: [1, 2, 3] });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.body.messages.length).toBeGreaterThan(0);
    }
    expect(await db.select().from(accountUsers)).toEqual([]);
  });

  it("accepts a 64-character passphrase", async () => {
    const long = `Correct horse battery staple 1 ${"x".repeat(40)}`.slice(0, 64);
    expect((await client().post("create", newUser({ password: long, confirmPassword: long }))).status).toBe(
      201,
    );
  });

  it("answers the same for an address already in use, and tells its owner", async () => {
    await signedIn();
    const res = await client().post("create", newUser({ username: "someone_else" }));
    expect(res).toMatchObject({ status: 201, body: { ok: true } });
    await linkFromOutbox("account-exists", "ada@example.com").catch(() => undefined);
    expect((await db.select().from(outboxEmails).where(eq(outboxEmails.kind, "account-exists"))).length).toBe(
      1,
    );
    expect((await db.select().from(accountUsers)).length).toBe(1);
    expect((await client().post("create", newUser({ email: "x@example.com" }))).body.messages).toEqual([
      "USERNAME_IN_USE",
    ]);
  });

  it("refuses cross-site posts", async () => {
    const res = await client().post(
      "login",
      { identifier: "x", password: "y" },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    const res2 = await client().post("logout", {}, { "sec-fetch-site": "cross-site" });
    expect(res2.status).toBe(403);
  });
});

describe("lockout", () => {
  it("refuses the 6th failed login for one identifier, existing or not, with TOO_MANY_REQUESTS", async () => {
    await signedIn({ username: "locked_1", email: "locked@example.com" });
    for (const identifier of ["locked_1", "nobody_here"]) {
      const c = client();
      for (let i = 0; i < 5; i++) {
        expect((await c.post("login", { identifier, password: "Wrong-Pass-1" })).body.messages).toEqual([
          "ACCOUNT_LOGIN_ERROR",
        ]);
      }
      const sixth = await c.post("login", {
        identifier,
        password: identifier === "locked_1" ? password : "x",
      });
      expect(sixth).toMatchObject({ status: 429, body: { messages: ["TOO_MANY_REQUESTS"] } });
    }
  });
});

describe("password reset", () => {
  it("answers the same whether or not the account exists; the link works once and ends sessions", async () => {
    const c = await signedIn();
    const a = await client().post("forgot-password", { identifier: "nobody@example.com" });
    const b = await client().post("forgot-password", { identifier: "ada@example.com" });
    expect(a).toMatchObject({ status: 200, body: b.body });
    const token = await linkFromOutbox("account-reset", "ada@example.com");
    const next = "Brand-New-Pass-77";
    const bad = await client().post("reset-password", {
      token: "nope",
      password: next,
      confirmPassword: next,
    });
    expect(bad.body.messages).toEqual(["PASSWORD_RESET_CODE_INVALID"]);
    expect(
      (await client().post("reset-password", { token, password: next, confirmPassword: next })).status,
    ).toBe(200);
    const again = await client().post("reset-password", { token, password: next, confirmPassword: next });
    expect(again.body.messages).toEqual(["PASSWORD_RESET_CODE_INVALID"]);
    expect((await c.post("update-profile", { username: "ada_2" })).body.messages).toEqual([
      "NEEDS_LOGIN_REFRESH",
    ]);
    expect((await client().post("login", { identifier: "ada_l", password: next })).status).toBe(200);
  });

  it("refuses an expired link", async () => {
    await signedIn();
    await client().post("forgot-password", { identifier: "ada_l" });
    const token = await linkFromOutbox("account-reset", "ada@example.com");
    await db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.purpose, "reset"));
    const res = await client().post("reset-password", {
      token,
      password: "Brand-New-Pass-77",
      confirmPassword: "Brand-New-Pass-77",
    });
    expect(res.body.messages).toEqual(["PASSWORD_RESET_CODE_EXPIRED"]);
  });
});

describe("sessions", () => {
  it("update-password ends the other sessions but keeps this one", async () => {
    const first = await signedIn();
    const second = client();
    await second.post("login", { identifier: "ada_l", password });
    const next = "Another-Pass-88";
    const wrong = await first.post("update-password", {
      currentPassword: "Nope-1234",
      password: next,
      confirmPassword: next,
    });
    expect(wrong.body.messages).toEqual(["INCORRECT_PASSWORD"]);
    expect(
      (
        await first.post("update-password", {
          currentPassword: password,
          password: next,
          confirmPassword: next,
        })
      ).status,
    ).toBe(200);
    expect((await first.post("update-profile", { username: "ada_new" })).status).toBe(200);
    expect((await second.post("update-profile", { username: "ada_x" })).body.messages).toEqual([
      "NEEDS_LOGIN_REFRESH",
    ]);
  });

  it("global-logout ends every session; logout never fails", async () => {
    const first = await signedIn();
    const second = client();
    await second.post("login", { identifier: "ada_l", password });
    expect((await first.post("global-logout")).status).toBe(200);
    expect((await second.post("update-profile", { username: "ada_x" })).status).toBe(401);
    expect((await client().post("logout")).status).toBe(200);
    expect(await db.select().from(accountSessions)).toEqual([]);
  });

  it("accept-tos answers MISSING_TERMS_ACCEPT and TERMS_NOT_LATEST", async () => {
    const c = await signedIn();
    expect((await c.post("accept-tos", { version: 1 })).body.messages).toEqual(["MISSING_TERMS_ACCEPT"]);
    expect((await c.post("accept-tos", { version: 0, accept: true })).body.messages).toEqual([
      "TERMS_NOT_LATEST",
    ]);
    expect((await c.post("accept-tos", { version: 1, accept: true })).status).toBe(200);
  });

  it("update-email sends a code to the new address and replaces the address with it", async () => {
    const c = await signedIn();
    expect(
      (await c.post("update-email", { email: "new@example.com", password: "Wrong-1a" })).body.messages,
    ).toEqual(["INCORRECT_PASSWORD"]);
    expect((await c.post("update-email", { email: "new@example.com", password })).body.status).toBe(
      "code-sent",
    );
    const [mail] = await db.select().from(outboxEmails).where(eq(outboxEmails.kind, "account-email-code"));
    expect(mail!.to).toBe("new@example.com");
    const code = /(\d{6})/.exec(mail!.text!)![1]!;
    const wrong = await c.post("update-email", {
      email: "new@example.com",
      password,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.body.messages).toEqual(["MFA_CODE_INVALID"]);
    expect((await c.post("update-email", { email: "new@example.com", password, code })).body.status).toBe(
      "updated",
    );
    expect((await c.post("update-email", { email: "new@example.com", password, code })).status).toBe(400);
    const [user] = await db.select().from(accountUsers);
    expect(user!.email).toBe("new@example.com");
  });

  it("delete needs the password, ends sessions and leaves nothing", async () => {
    const c = await signedIn();
    expect((await c.post("delete", { password: "Wrong-123a" })).body.messages).toEqual([
      "INCORRECT_PASSWORD",
    ]);
    expect((await c.post("delete", { password })).status).toBe(200);
    expect(await db.select().from(accountUsers)).toEqual([]);
    expect(await db.select().from(accountSessions)).toEqual([]);
    expect(await db.select().from(accountTokens)).toEqual([]);
    expect(await db.select().from(outboxEmails).where(eq(outboxEmails.to, "ada@example.com"))).toEqual([]);
    expect((await client().post("login", { identifier: "ada_l", password })).status).toBe(401);
  });
});

describe("second factor (TOTP)", () => {
  it("adds, confirms, asks for the code at login, refuses a reused code, accepts a recovery code once", async () => {
    const c = await signedIn();
    const added = await c.post("mfa/addtotp");
    expect(added.status).toBe(200);
    expect(added.body.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(added.body.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const totp = new TOTP({ secret: Secret.fromBase32(added.body.secret) });
    expect(
      (await c.post("mfa/confirmtotp", { code: "000000" === totp.generate() ? "111111" : "000000" })).status,
    ).toBe(400);
    // The very code that confirms is replayed below: a fresh one would belong to the next time
    // step when the test crosses a 30-second boundary, and rightly be accepted.
    const confirmCode = totp.generate();
    const confirmed = await c.post("mfa/confirmtotp", { code: confirmCode });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect((await c.post("mfa/addtotp")).body.messages).toEqual(["MFA_ALREADY_ENABLED"]);

    const d = client();
    const step1 = await d.post("login", { identifier: "ada_l", password });
    expect(step1.body).toEqual({ mfaRequired: true, methods: ["totp"] });
    expect(step1.cookies.join()).not.toMatch(/studio_session=[^;]/);
    // The code just used to confirm is refused: no replay.
    const replay = await d.post("mfa/submitcode", { code: confirmCode });
    expect(replay.body.messages).toEqual(["MFA_CODE_INVALID"]);
    const recovery = confirmed.body.recoveryCodes[0];
    expect((await d.post("mfa/submitcode", { code: recovery })).status).toBe(200);

    const e = client();
    await e.post("login", { identifier: "ada_l", password });
    expect((await e.post("mfa/submitcode", { code: recovery })).body.messages).toEqual(["MFA_CODE_INVALID"]);
    // Attempts are limited.
    for (let i = 0; i < 3; i++) await e.post("mfa/submitcode", { code: "zzzzz-zzzzz" });
    expect((await e.post("mfa/submitcode", { code: "zzzzz-zzzzz" })).status).toBe(429);
    const [stored] = await db.select().from(accountTokens).where(eq(accountTokens.purpose, "recovery"));
    expect(stored!.hash).not.toContain(recovery);

    expect((await c.post("mfa/remove", { password })).status).toBe(200);
    expect((await c.post("mfa/remove", { password })).body.messages).toEqual(["MFA_NOT_ENABLED"]);
  });

  it("refuses a second-factor step without a pending login", async () => {
    expect((await client().post("mfa/submitcode", { code: "123456" })).body.messages).toEqual([
      "NEEDS_LOGIN_REFRESH",
    ]);
  });
});

describe("retention", () => {
  it("purges expired sessions and tokens, keeps live ones", async () => {
    await signedIn();
    await client().post("forgot-password", { identifier: "ada_l" });
    await linkFromOutbox("account-reset", "ada@example.com");
    expect((await db.select().from(accountSessions)).length).toBe(1);
    await purgeExpiredAccountData(db, new Date(Date.now() + 60_000));
    expect((await db.select().from(accountSessions)).length).toBe(1);
    await purgeExpiredAccountData(db, new Date(Date.now() + 172_800_000 + 1000));
    expect(await db.select().from(accountSessions)).toEqual([]);
    expect(await db.select().from(accountTokens)).toEqual([]);
  });
});

describe("second factor (SMS)", () => {
  const lastCode = () => /(\d{6})/.exec(texts.at(-1)!.body)![1]!;

  it("adds a number (E.164), confirms it with the texted code, then asks for a texted code at login", async () => {
    const c = await signedIn();
    expect((await c.post("mfa/addsms", { phone: "not a phone" })).body.messages).toEqual([
      "INVALID_PHONE_NUMBER",
    ]);
    expect((await c.post("mfa/addsms", { phone: "+1 418 555 0134" })).status).toBe(200);
    expect(texts.at(-1)).toMatchObject({ to: "+14185550134" });
    expect(texts.at(-1)!.auth).toBe(`Basic ${Buffer.from("AC1:secret-token").toString("base64")}`);
    const setupCode = lastCode();
    const [stored] = await db.select().from(accountTokens).where(eq(accountTokens.purpose, "sms-setup"));
    expect(stored!.hash).not.toContain(setupCode);
    expect(
      (await c.post("mfa/confirmsms", { code: setupCode === "000000" ? "111111" : "000000" })).status,
    ).toBe(400);
    const confirmed = await c.post("mfa/confirmsms", { code: setupCode });
    expect(confirmed.status).toBe(200);
    // A lost phone must not lock the holder out: recovery codes come with the SMS factor too.
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect((await c.post("mfa/confirmsms", { code: setupCode })).body.messages).toEqual([
      "MFA_ALREADY_ENABLED",
    ]);

    const d = client();
    expect((await d.post("login", { identifier: "ada_l", password })).body).toEqual({
      mfaRequired: true,
      methods: ["sms"],
    });
    const loginCode = lastCode();
    expect(
      (await d.post("mfa/submitcode", { code: setupCode === loginCode ? "999999" : setupCode })).status,
    ).toBe(400);
    expect((await d.post("mfa/submitcode", { code: loginCode })).status).toBe(200);
    // Single-use: the same code does not open a second session.
    const e = client();
    await e.post("login", { identifier: "ada_l", password });
    expect((await e.post("mfa/submitcode", { code: loginCode })).status).toBe(400);
  });

  it("answers SERVICE_TEMPORARILY_UNAVAILABLE when the provider fails, and keeps no code", async () => {
    const c = await signedIn();
    smsFails = true;
    try {
      const res = await c.post("mfa/addsms", { phone: "+14185550134" });
      expect(res).toMatchObject({ status: 503, body: { messages: ["SERVICE_TEMPORARILY_UNAVAILABLE"] } });
    } finally {
      smsFails = false;
    }
    expect(await db.select().from(accountTokens).where(eq(accountTokens.purpose, "sms-setup"))).toEqual([]);
  });
});

describe("security and profile screens' additions", () => {
  it("lists only the account's own live sessions, this one marked, and logs the others out", async () => {
    const first = await signedIn();
    const second = client();
    await second.post("login", { identifier: "ada_l", password });
    const bob = await signedIn({ username: "bob_b", email: "bob@example.com" });

    const listed = await first.get("sessions");
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2);
    expect(listed.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(Object.keys(listed.body.sessions[0]).sort()).toEqual(["createdAt", "current", "expiresAt", "id"]);
    expect((await bob.get("sessions")).body.sessions).toHaveLength(1);
    expect((await client().get("sessions")).body.messages).toEqual(["NEEDS_LOGIN_REFRESH"]);

    expect((await first.post("logout-others")).status).toBe(200);
    expect((await second.get("sessions")).status).toBe(401);
    expect((await first.get("sessions")).body.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect((await bob.get("sessions")).body.sessions).toHaveLength(1);
  });

  it("regenerates recovery codes with the password or a current code: old ones stop, new ones work once", async () => {
    const c = await signedIn();
    expect((await c.post("mfa/recovery-codes", { password })).body.messages).toEqual(["MFA_NOT_ENABLED"]);
    const added = await c.post("mfa/addtotp");
    const totp = new TOTP({ secret: Secret.fromBase32(added.body.secret) });
    const first = (await c.post("mfa/confirmtotp", { code: totp.generate() })).body.recoveryCodes as string[];

    expect((await c.post("mfa/recovery-codes", {})).body.messages).toEqual(["INVALID_PARAMETERS"]);
    expect((await c.post("mfa/recovery-codes", { password: "Wrong-Pass-9" })).body.messages).toEqual([
      "INCORRECT_PASSWORD",
    ]);
    const renewed = await c.post("mfa/recovery-codes", { password });
    expect(renewed.status).toBe(200);
    const second = renewed.body.recoveryCodes as string[];
    expect(second).toHaveLength(10);
    expect(second).not.toContain(first[0]);

    const login = async (code: string) => {
      const d = client();
      await d.post("login", { identifier: "ada_l", password });
      return (await d.post("mfa/submitcode", { code })).status;
    };
    expect(await login(first[0]!)).toBe(400);
    expect(await login(second[0]!)).toBe(200);
    expect(await login(second[0]!)).toBe(400);

    // A current authenticator code proves the holder too (the next step: confirm spent this one).
    const byCode = await c.post("mfa/recovery-codes", {
      code: totp.generate({ timestamp: Date.now() + 30_000 }),
    });
    expect(byCode.status).toBe(200);
    expect(await login(second[1]!)).toBe(400);
    expect(await login(byCode.body.recoveryCodes[0])).toBe(200);
  });

  it("update-email's second step takes the code alone, and still checks a password given with it", async () => {
    const c = await signedIn();
    await c.post("update-email", { email: "new@example.com", password });
    const [mail] = await db.select().from(outboxEmails).where(eq(outboxEmails.kind, "account-email-code"));
    const code = /(\d{6})/.exec(mail!.text!)![1]!;
    expect((await c.post("update-email", { email: "new@example.com" })).body.messages).toEqual([
      "INVALID_PASSWORD",
    ]);
    expect(
      (await c.post("update-email", { email: "new@example.com", password: "Wrong-1a", code })).body.messages,
    ).toEqual(["INCORRECT_PASSWORD"]);
    expect((await c.post("update-email", { email: "new@example.com", code })).body).toEqual({
      status: "updated",
      email: "new@example.com",
    });
  });
});
