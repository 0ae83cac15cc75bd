import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxEmails } from "~/platform/db/schema";
import { type AccountApiKit, accountPassword, startAccountApi } from "../../../tests/support/account-api";
import { sha256 } from "./secrets.server";
import { accountSessions, accountTokens, accountUsers } from "./tables";

/**
 * Every secret with a lifetime stops working once it is over: sessions, verification and reset
 * links, e-mail change codes, the login's second-factor step, texted codes, authenticator codes
 * (platform sign-in states: features/platforms/platforms.db.test.ts). Each is moved just past its
 * end in the database (or the clock passed along is), so the test sees the check itself, not a
 * clean-up.
 */

let kit: AccountApiKit;

beforeAll(async () => {
  kit = await startAccountApi();
});

afterAll(async () => {
  await kit?.close();
});

beforeEach(async () => {
  await kit.db.delete(accountUsers);
  await kit.db.delete(outboxEmails);
});

const justOver = () => new Date(Date.now() - 1000);
/** The session cookie's name (PUBLIC_URL is https here). */
const sessionCookie = "__Host-studio_session";
const hintCookie = "__Host-studio_signed_in";
const address = "ada@example.com";
const account = { username: "ada_l", email: address };

async function expire(purpose: (typeof accountTokens.$inferSelect)["purpose"]) {
  const rows = await kit.db
    .update(accountTokens)
    .set({ expiresAt: justOver() })
    .where(eq(accountTokens.purpose, purpose))
    .returning();
  expect(rows).toHaveLength(1);
}

async function withTotp() {
  const c = await kit.signedIn(account);
  const added = await c.post("mfa/addtotp");
  const totp = new TOTP({ secret: Secret.fromBase32(added.body.secret) });
  expect((await c.post("mfa/confirmtotp", { code: totp.generate() })).status).toBe(200);
  return { c, totp };
}

describe("expiry", () => {
  it("the sign-in hint names the account until the session's end; a rename writes it anew, GET me puts it right and deletes it once the session is gone", async () => {
    const c = await kit.signedIn(account);
    const [session] = await kit.db.select().from(accountSessions);
    const until = Math.floor(session!.expiresAt.getTime() / 1000);
    expect(c.jar.get(hintCookie)).toBe(`${until}.ada_l`);

    const renamed = await c.post("update-profile", { username: "ada.lovelace" });
    expect(renamed.status).toBe(200);
    expect(c.jar.get(hintCookie)).toBe(`${until}.ada.lovelace`);
    // Renamed elsewhere (this browser still says ada.lovelace): the account's answer corrects it.
    await kit.db.update(accountUsers).set({ username: "ada-l", usernameKey: "ada-l" });
    const me = await c.get("me");
    expect(me.body.user).toEqual({ username: "ada-l" });
    expect(c.jar.get(hintCookie)).toBe(`${until}.ada-l`);
    // Right already: nothing is set.
    expect((await c.get("me")).cookies).toEqual([]);

    await kit.db.delete(accountSessions);
    const gone = await c.get("me");
    expect(gone.status).toBe(401);
    expect(c.jar.has(hintCookie)).toBe(false);
  });

  it("a session past its end is no session, and is not listed", async () => {
    const c = await kit.signedIn(account);
    const other = kit.client();
    expect((await other.post("login", { identifier: "ada_l", password: accountPassword })).status).toBe(200);
    expect((await c.get("sessions")).body.sessions).toHaveLength(2);

    const ended = await kit.db
      .update(accountSessions)
      .set({ expiresAt: justOver() })
      .where(eq(accountSessions.idHash, sha256(other.jar.get(sessionCookie)!)))
      .returning();
    expect(ended).toHaveLength(1);
    expect(await other.get("sessions")).toMatchObject({
      status: 401,
      body: { messages: ["NEEDS_LOGIN_REFRESH"] },
    });
    expect((await c.get("sessions")).body.sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it("a verification link past its hour is refused and confirms nothing", async () => {
    const c = kit.client();
    const created = await c.post("create", {
      ...account,
      password: accountPassword,
      confirmPassword: accountPassword,
      dateOfBirth: "1990-04-12",
      tos: true,
    });
    expect(created.status).toBe(201);
    const token = kit.tokenIn((await kit.lastMail("account-verify", address)).text!);
    await expire("verify");
    expect((await c.post("validate", { token })).body.messages).toEqual(["AUTH_TICKET_EXPIRED"]);
    const [user] = await kit.db.select().from(accountUsers);
    expect(user!.emailVerifiedAt).toBeNull();
  });

  it("an e-mail change code past its 10 minutes changes nothing", async () => {
    const c = await kit.signedIn(account);
    await c.post("update-email", { email: "new@example.com", password: accountPassword });
    const code = /(\d{6})/.exec((await kit.lastMail("account-email-code", "new@example.com")).text!)![1]!;
    await expire("email-change");
    expect((await c.post("update-email", { email: "new@example.com", code })).body.messages).toEqual([
      "MFA_CODE_INVALID",
    ]);
    const [user] = await kit.db.select().from(accountUsers);
    expect(user!.email).toBe(address);
  });

  it("the login's second step past its 5 minutes needs a new login, even with a right code", async () => {
    const { totp } = await withTotp();
    const d = kit.client();
    const step1 = await d.post("login", { identifier: "ada_l", password: accountPassword });
    expect(step1.body.mfaRequired).toBe(true);
    // The browser forgets the step after 5 minutes too.
    expect(step1.cookies.find((line) => line.includes("studio_mfa="))).toMatch(/Max-Age=300\b/);
    await expire("mfa-login");
    const late = await d.post("mfa/submitcode", { code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect(late).toMatchObject({ status: 401, body: { messages: ["NEEDS_LOGIN_REFRESH"] } });
  });

  it("an authenticator code counts for its 30-second step and one either side, no further", async () => {
    const { c, totp } = await withTotp();
    // Earlier steps are refused anyway (the confirmation used this one): the window shows ahead.
    const tooFar = totp.generate({ timestamp: Date.now() + 90_000 });
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    expect((await c.post("mfa/recovery-codes", { code: tooFar })).body.messages).toEqual([
      "MFA_CODE_INVALID",
    ]);
    expect((await c.post("mfa/recovery-codes", { code: next })).status).toBe(200);
  });

  it("a texted set-up code past its 5 minutes turns nothing on", async () => {
    const c = await kit.signedIn(account);
    expect((await c.post("mfa/addsms", { phone: "+14185550134" })).status).toBe(200);
    const code = kit.lastTextCode();
    await expire("sms-setup");
    expect((await c.post("mfa/confirmsms", { code })).body.messages).toEqual(["MFA_CODE_INVALID"]);
    const [user] = await kit.db.select().from(accountUsers);
    expect(user!.smsEnabledAt).toBeNull();
  });

  it("a texted login code past its 5 minutes opens no session", async () => {
    const c = await kit.signedIn(account);
    await c.post("mfa/addsms", { phone: "+14185550134" });
    expect((await c.post("mfa/confirmsms", { code: kit.lastTextCode() })).status).toBe(200);
    const d = kit.client();
    expect((await d.post("login", { identifier: "ada_l", password: accountPassword })).body.methods).toEqual([
      "sms",
    ]);
    const code = kit.lastTextCode();
    await expire("sms-login");
    expect((await d.post("mfa/submitcode", { code })).body.messages).toEqual(["MFA_CODE_INVALID"]);
    expect(d.jar.has(sessionCookie)).toBe(false);
  });
});
