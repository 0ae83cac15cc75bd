import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxEmails } from "~/platform/db/schema";
import { validateForm } from "~/platform/forms/validate";
import { createRateLimits, type RateLimits } from "~/platform/http/rate-limit.server";
import { createLogger } from "~/platform/logging.server";
import { type AccountApiKit, accountPassword, startAccountApi } from "../../../tests/support/account-api";
import { createAccountLimits } from "./account-budgets.server";
import { AccountError } from "./account-core.server";
import { createAccountSchema } from "./account-forms";
import { login, submitCode } from "./login.server";
import { hashPassword } from "./secrets.server";
import { accountTokens, accountUsers } from "./tables";

/**
 * Account security (docs/decisions/0017-account-budgets-revocation-notices.md): lockout per
 * account, one schema per page and endpoint, changes that revoke what was sent out and tell the
 * holder, budgets spent before the check.
 */

let kit: AccountApiKit;
let passwordHash: string;

beforeAll(async () => {
  kit = await startAccountApi();
  passwordHash = await hashPassword(accountPassword);
});

afterAll(async () => {
  await kit?.close();
});

beforeEach(async () => {
  await kit.db.delete(accountUsers);
  await kit.db.delete(outboxEmails);
});

let serial = 0;

/** A verified account written straight to the database (the API's own steps are tested elsewhere). */
async function account(extra: Partial<typeof accountUsers.$inferInsert> = {}) {
  serial += 1;
  const username = `bob_lock_${serial}`;
  const [user] = await kit.db
    .insert(accountUsers)
    .values({
      username,
      usernameKey: username,
      email: `bob.lock.${serial}@example.com`,
      passwordHash,
      dateOfBirth: "1990-04-12",
      tosVersion: 1,
      language: "en",
      emailVerifiedAt: new Date(),
      ...extra,
    })
    .returning();
  return user!;
}

/** A 6-digit code no authenticator with this secret accepts now (nor one step either side). */
function wrongTotpCode(secret: string): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const valid = new Set([-30_000, 0, 30_000].map((d) => totp.generate({ timestamp: Date.now() + d })));
  return ["000000", "111111", "222222", "333333"].find((code) => !valid.has(code))!;
}

describe("lockout counts failures per account, not per spelling", () => {
  const spelling = fc.record({ email: fc.boolean(), caseSeed: fc.nat(), padded: fc.boolean() });
  type Spelling = { email: boolean; caseSeed: number; padded: boolean };
  const spell = (user: { username: string; email: string }, s: Spelling) => {
    const base = s.email ? user.email : user.username;
    const cased = [...base].map((ch, i) => ((s.caseSeed >> (i % 30)) & 1 ? ch.toUpperCase() : ch)).join("");
    return s.padded ? ` ${cased} ` : cased;
  };
  const plain = { email: false, caseSeed: 0, padded: false };

  it("locks every spelling (username or address, any case) after five wrong passwords under any of them", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(spelling, { minLength: 6, maxLength: 6 }), async (spellings) => {
        const user = await account();
        for (const s of spellings.slice(0, 5)) {
          const wrong = await kit
            .client()
            .post("login", { identifier: spell(user, s), password: "Wrong-Pass-1" });
          expect(wrong.body.messages).toEqual(["ACCOUNT_LOGIN_ERROR"]);
        }
        const right = await kit
          .client()
          .post("login", { identifier: spell(user, spellings[5]!), password: accountPassword });
        expect(right).toMatchObject({ status: 429, body: { messages: ["TOO_MANY_REQUESTS"] } });
      }),
      // The probe's case: five wrong passwords for the username, then the address.
      { numRuns: 8, examples: [[[plain, plain, plain, plain, plain, { ...plain, email: true }]]] },
    );
  });

  it("answers an identifier naming no account exactly as one naming an account", async () => {
    const user = await account();
    const answers = async (spellings: string[], right: string) => {
      const out = [];
      for (const identifier of spellings)
        out.push(await kit.client().post("login", { identifier, password: "Wrong-Pass-1" }));
      out.push(await kit.client().post("login", { identifier: spellings[0], password: right }));
      return out.map((r) => ({ status: r.status, body: r.body }));
    };
    const known = await answers(
      [user.username, user.email.toUpperCase(), ` ${user.username}`, user.email, user.username.toUpperCase()],
      accountPassword,
    );
    const nobody = `nobody_${crypto.randomUUID().slice(0, 8)}`;
    const unknown = await answers(
      [nobody, nobody.toUpperCase(), ` ${nobody}`, nobody, nobody.toUpperCase()],
      accountPassword,
    );
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(unknown).toEqual(known);
  });
});

describe("each page action and its endpoint check with one schema", () => {
  /** The rule the create page states: a real date, years 1921 to this one, 16 or older today. */
  function acceptableBirth(year: number, month: number, day: number, today = new Date()): boolean {
    const real =
      month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
    if (!real || year < 1921 || year > today.getFullYear()) return false;
    // A 29 February birthday comes on 1 March in other years, as the Date arithmetic gives.
    const sixteenth = new Date(year + 16, month - 1, day);
    return sixteenth <= new Date(today.getFullYear(), today.getMonth(), today.getDate());
  }

  const pad = (n: number, width: number) => String(n).padStart(width, "0");

  it("create: the page and the API accept the same dates of birth, those the rule allows", async () => {
    const thisYear = new Date().getFullYear();
    const tomorrow = new Date(Date.now() + 86_400_000);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1900, max: thisYear + 2 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        async (year, month, day) => {
          n += 1;
          const expected = acceptableBirth(year, month, day);
          const form = new FormData();
          for (const [k, v] of Object.entries({
            username: `dob_${n}`,
            email: `dob.${n}@example.com`,
            password: accountPassword,
            confirmPassword: accountPassword,
            tos: "on",
            "dateOfBirth.year": String(year),
            "dateOfBirth.month": String(month),
            "dateOfBirth.day": String(day),
          }))
            form.set(k, v);
          expect(validateForm(form, createAccountSchema).status === "success", "page").toBe(expected);

          const iso = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const res = await kit.client().post("create", {
            username: `dob_${n}`,
            email: `dob.${n}@example.com`,
            password: accountPassword,
            confirmPassword: accountPassword,
            dateOfBirth: iso,
            tos: true,
          });
          const [stored] = await kit.db
            .select()
            .from(accountUsers)
            .where(eq(accountUsers.usernameKey, `dob_${n}`));
          const outcome = { status: res.status, messages: res.body.messages, stored: stored?.dateOfBirth };
          expect(outcome, iso).toEqual(
            expected
              ? { status: 201, messages: undefined, stored: iso }
              : { status: 400, messages: ["INVALID_PARAMETERS"], stored: undefined },
          );
        },
      ),
      {
        numRuns: 60,
        // The probe's dates: under 16, 30 February, no date at all, tomorrow.
        examples: [
          [2016, 1, 15],
          [2001, 2, 30],
          [9999, 99, 99],
          [tomorrow.getFullYear(), tomorrow.getMonth() + 1, tomorrow.getDate()],
        ],
      },
    );
  });

  it("create: a date of birth that is not an ISO date nor the page's selectors is refused", async () => {
    for (const dateOfBirth of ["12/04/1990", "1990-4-12", 19900412, null, ["1990", "04", "12"]]) {
      const res = await kit.client().post("create", {
        username: "ada_l",
        email: "ada@example.com",
        password: accountPassword,
        confirmPassword: accountPassword,
        dateOfBirth,
        tos: true,
      });
      expect(res, JSON.stringify(dateOfBirth)).toMatchObject({
        status: 400,
        body: { messages: ["INVALID_PARAMETERS"] },
      });
    }
    expect(await kit.db.select().from(accountUsers)).toEqual([]);
  });

  it("a password with spaces at either end, accepted when chosen, works as typed wherever it is asked", async () => {
    const spaced = ` ${accountPassword}  `;
    const c = await kit.signedIn({ username: "spacey", email: "spacey@example.com", password: spaced });
    expect(
      (await kit.client().post("login", { identifier: "spacey", password: accountPassword })).status,
    ).toBe(401);
    const next = "Brand-New-Pass-77";
    expect(
      (await c.post("update-password", { currentPassword: spaced, password: next, confirmPassword: next }))
        .status,
    ).toBe(200);
    expect((await c.post("delete", { password: next })).status).toBe(200);
  });

  it("mfa/addsms reads a number as the page does: a national number in the default country, or a country and a number", async () => {
    const c = await kit.signedIn({ username: "texter", email: "texter@example.com" });
    expect((await c.post("mfa/addsms", { phone: "(418) 555-0134" })).status).toBe(200);
    const [pending] = await kit.db.select().from(accountTokens).where(eq(accountTokens.purpose, "sms-setup"));
    expect(pending!.data).toBe("+14185550134");
    expect((await c.post("mfa/addsms", { phone: { country: "BE", number: "09 123 45 67" } })).status).toBe(
      200,
    );
    const [again] = await kit.db.select().from(accountTokens).where(eq(accountTokens.purpose, "sms-setup"));
    expect(again!.data).toBe("+3291234567");
    expect((await c.post("mfa/addsms", { phone: { country: "BE", number: "12" } })).body.messages).toEqual([
      "INVALID_PHONE_NUMBER",
    ]);
  });
});

describe("a change of address, password or second factor revokes what was sent, and tells the holder", () => {
  type Client = ReturnType<AccountApiKit["client"]>;
  type Pending = { resetToken: string; emailCode: string };
  const address = "ada@example.com";
  const next = "Brand-New-Pass-77";

  /** A reset link and an e-mail change code, both sent and not used yet. */
  async function outstanding(c: Client): Promise<Pending> {
    await c.post("forgot-password", { identifier: address });
    const resetToken = kit.tokenIn((await kit.lastMail("account-reset", address)).text!);
    await c.post("update-email", { email: "other@example.com", password: accountPassword });
    const emailCode = /(\d{6})/.exec(
      (await kit.lastMail("account-email-code", "other@example.com")).text!,
    )![1]!;
    return { resetToken, emailCode };
  }

  async function enableTotp(c: Client) {
    const added = await c.post("mfa/addtotp");
    const totp = new TOTP({ secret: Secret.fromBase32(added.body.secret) });
    expect((await c.post("mfa/confirmtotp", { code: totp.generate() })).status).toBe(200);
    return totp;
  }

  type Change = {
    change: string;
    /** Whom the notice goes to. */
    to: string;
    prepare?: (c: Client) => Promise<unknown>;
    /** Makes the change; answers a client signed in after it. */
    act: (c: Client, pending: Pending) => Promise<Client>;
    /** What of `pending` must stop working (not what the change itself used up). */
    revokes: Array<keyof Pending>;
  };

  /** Tries a pending secret after the change: its refusal code, or "worked". */
  async function tryPending(kind: keyof Pending, pending: Pending, signedIn: Client) {
    const res =
      kind === "resetToken"
        ? await kit
            .client()
            .post("reset-password", { token: pending.resetToken, password: next, confirmPassword: next })
        : await signedIn.post("update-email", { email: "other@example.com", code: pending.emailCode });
    return res.body.messages?.[0] ?? "worked";
  }
  const refusal: Record<keyof Pending, string> = {
    resetToken: "PASSWORD_RESET_CODE_INVALID",
    emailCode: "MFA_CODE_INVALID",
  };

  const changes: Change[] = [
    {
      change: "password-changed",
      to: address,
      revokes: ["resetToken", "emailCode"],
      act: async (c) => {
        const res = await c.post("update-password", {
          currentPassword: accountPassword,
          password: next,
          confirmPassword: next,
        });
        expect(res.status).toBe(200);
        return c;
      },
    },
    {
      change: "password-reset",
      to: address,
      revokes: ["emailCode"],
      act: async (_c, pending) => {
        const res = await kit
          .client()
          .post("reset-password", { token: pending.resetToken, password: next, confirmPassword: next });
        expect(res.status).toBe(200);
        // Every session ended: sign in again to try the code.
        const again = kit.client();
        expect((await again.post("login", { identifier: address, password: next })).status).toBe(200);
        return again;
      },
    },
    {
      change: "email-changed",
      // To the old address: the one an intruder would have replaced.
      to: address,
      // Its own first step replaced the pending code.
      revokes: ["resetToken"],
      act: async (c) => {
        await c.post("update-email", { email: "new@example.com", password: accountPassword });
        const code = /(\d{6})/.exec((await kit.lastMail("account-email-code", "new@example.com")).text!)![1]!;
        expect((await c.post("update-email", { email: "new@example.com", code })).body.status).toBe(
          "updated",
        );
        return c;
      },
    },
    {
      change: "totp-added",
      to: address,
      revokes: ["resetToken", "emailCode"],
      act: async (c) => {
        await enableTotp(c);
        return c;
      },
    },
    {
      change: "sms-added",
      to: address,
      revokes: ["resetToken", "emailCode"],
      act: async (c) => {
        expect((await c.post("mfa/addsms", { phone: "+14185550134" })).status).toBe(200);
        expect((await c.post("mfa/confirmsms", { code: kit.lastTextCode() })).status).toBe(200);
        return c;
      },
    },
    {
      change: "mfa-removed",
      to: address,
      revokes: ["resetToken", "emailCode"],
      prepare: enableTotp,
      act: async (c) => {
        expect((await c.post("mfa/remove", { password: accountPassword })).status).toBe(200);
        return c;
      },
    },
    {
      change: "recovery-codes",
      to: address,
      revokes: ["resetToken", "emailCode"],
      prepare: enableTotp,
      act: async (c) => {
        expect((await c.post("mfa/recovery-codes", { password: accountPassword })).status).toBe(200);
        return c;
      },
    },
  ];

  it.each(changes)(
    "$change: earlier links and codes stop working; a notice says what and when",
    async (change) => {
      const c = await kit.signedIn({ username: "ada_l", email: address });
      await change.prepare?.(c);
      const pending = await outstanding(c);
      const after = await change.act(c, pending);

      expect(change.revokes).not.toHaveLength(0);
      const outcomes = [];
      for (const kind of change.revokes) outcomes.push(await tryPending(kind, pending, after));
      expect(outcomes).toEqual(change.revokes.map((kind) => refusal[kind]));

      const notices = await kit.mails(`account-notice-${change.change}`, change.to);
      expect(notices).toHaveLength(1);
      const [notice] = notices;
      // A way back: the forgot-password page (the button) and the contact page, in both parts.
      for (const part of [notice!.text, notice!.html]) {
        expect(part).toContain(`${kit.publicUrl}/account/forgot`);
        expect(part).toContain(`${kit.publicUrl}/contact`);
      }
      expect(notice!.text).toContain("(UTC)");
    },
  );

  it("a reset revokes the verification link of an account never verified", async () => {
    const c = kit.client();
    const created = await c.post("create", {
      username: "late_l",
      email: "late@example.com",
      password: accountPassword,
      confirmPassword: accountPassword,
      dateOfBirth: "1990-04-12",
      tos: true,
    });
    expect(created.status).toBe(201);
    const verifyToken = kit.tokenIn((await kit.lastMail("account-verify", "late@example.com")).text!);
    await c.post("forgot-password", { identifier: "late_l" });
    const resetToken = kit.tokenIn((await kit.lastMail("account-reset", "late@example.com")).text!);
    expect(
      (await c.post("reset-password", { token: resetToken, password: next, confirmPassword: next })).status,
    ).toBe(200);
    expect((await c.post("validate", { token: verifyToken })).body.messages).toEqual(["INVALID_PARAMETERS"]);
  });
});

describe.each([
  ["in memory", undefined],
  ["in Redis", process.env.REDIS_URL ?? "redis://127.0.0.1:6379"],
])("budgets are spent before the check (%s)", (_store, redisUrl) => {
  let rateLimits: RateLimits;

  beforeAll(async () => {
    rateLimits = createRateLimits(
      { REDIS_URL: redisUrl, RATE_LIMIT_FORM_POINTS: 1000, RATE_LIMIT_API_POINTS: 1000 },
      createLogger("silent"),
      { keyPrefix: `test:account:${crypto.randomUUID()}` },
    );
    expect(await rateLimits.ready(5000)).toBe(true);
  });

  afterAll(async () => {
    await rateLimits?.close();
  });

  /** Each attempt's refusal code; the 401s and 400s are the attempts that were judged. */
  const codesOf = async (attempts: Array<Promise<unknown>>) =>
    (await Promise.allSettled(attempts)).map((r) =>
      r.status === "rejected" && r.reason instanceof AccountError ? r.reason.code : "no refusal",
    );
  const count = (codes: string[], code: string) => codes.filter((c) => c === code).length;

  it("judges at most 5 of 50 wrong passwords sent at once for one account", async () => {
    const deps = { ...kit.deps, limits: createAccountLimits(rateLimits) };
    const user = await account();
    const codes = await codesOf(
      Array.from({ length: 50 }, (_, i) =>
        login(deps, { identifier: i % 2 ? user.email : user.username, password: `Wrong-Pass-${i}` }),
      ),
    );
    expect(count(codes, "ACCOUNT_LOGIN_ERROR")).toBe(5);
    expect(count(codes, "TOO_MANY_REQUESTS")).toBe(45);
    await expect(login(deps, { identifier: user.username, password: accountPassword })).rejects.toMatchObject(
      {
        code: "TOO_MANY_REQUESTS",
      },
    );
  });

  it("judges at most 5 of 50 wrong second-factor codes sent at once for one login", async () => {
    const deps = { ...kit.deps, limits: createAccountLimits(rateLimits) };
    const secret = new Secret({ size: 20 }).base32;
    const user = await account({ totpSecret: secret, totpEnabledAt: new Date() });
    const started = await login(deps, { identifier: user.username, password: accountPassword });
    if (started.kind !== "mfa") throw new Error("expected the code step");
    const wrong = wrongTotpCode(secret);
    const codes = await codesOf(Array.from({ length: 50 }, () => submitCode(deps, started.challenge, wrong)));
    expect(count(codes, "MFA_CODE_INVALID")).toBe(5);
    expect(count(codes, "TOO_MANY_REQUESTS")).toBe(45);
  });

  it("gives a right answer's point back, and only that point", async () => {
    const deps = { ...kit.deps, limits: createAccountLimits(rateLimits) };
    const user = await account();
    for (let i = 0; i < 4; i++)
      await expect(
        login(deps, { identifier: user.username, password: "Wrong-Pass-1" }),
      ).rejects.toMatchObject({
        code: "ACCOUNT_LOGIN_ERROR",
      });
    for (let i = 0; i < 3; i++)
      expect((await login(deps, { identifier: user.username, password: accountPassword })).kind).toBe(
        "session",
      );
    await expect(login(deps, { identifier: user.username, password: "Wrong-Pass-1" })).rejects.toMatchObject({
      code: "ACCOUNT_LOGIN_ERROR",
    });
    await expect(login(deps, { identifier: user.username, password: accountPassword })).rejects.toMatchObject(
      {
        code: "TOO_MANY_REQUESTS",
      },
    );
  });
});

describe("mfa/submitcode", () => {
  it("counts against the form tier per client, like login", async () => {
    const url = await kit.another({ RATE_LIMIT_FORM_POINTS: "3" });
    const c = kit.client(url);
    for (let i = 0; i < 3; i++)
      expect((await c.post("mfa/submitcode", { code: "123456" })).body.messages).toEqual([
        "NEEDS_LOGIN_REFRESH",
      ]);
    expect(await c.post("mfa/submitcode", { code: "123456" })).toMatchObject({
      status: 429,
      body: { messages: ["TOO_MANY_REQUESTS"] },
    });
  });
});
