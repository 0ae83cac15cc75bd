import { and, desc, eq, gt, inArray, isNull, lt, ne, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { getStudioInfo } from "~/features/studio/studio.server";
import type { Config } from "~/platform/config.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { accountSessions, accountTokens, accountUsers, outboxEmails } from "~/platform/db/schema";
import { normalizePhone } from "~/platform/forms/phone";
import type { RateLimits } from "~/platform/http/rate-limit.server";
import { type Language, localizePath } from "~/platform/i18n/languages";
import type { Logger } from "~/platform/logging.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { mailTranslator } from "~/platform/mail/templates.server";
import {
  emailChangeCode,
  existsEmail,
  resetEmail,
  type SecurityChange,
  securityNotices,
  verifyEmail,
} from "./account-emails.server";
import { currentTosVersion } from "./account-forms";
import { checkNewPassword } from "./password-policy.server";
import {
  codeHash,
  hashPassword,
  newNumericCode,
  newRecoveryCode,
  newToken,
  sha256,
  verifyPassword,
} from "./secrets.server";
import { type SmsConfig, SmsUnavailable, sendSms } from "./sms.server";

/** SPEC §9: a session lasts at most 172800 s (absolute, from sign-in). */
export const sessionTtlSeconds = 172_800;
/** Verification and reset links: single-use, one hour. */
const linkTtlMs = 60 * 60_000;
/** The e-mail change code and the second-factor step at login. */
const codeTtlMs = 10 * 60_000;
const challengeTtlMs = 5 * 60_000;
const recoveryCodeCount = 10;

/** A refusal with its §8 code; the API answers `{ messages: [code] }` with `status`. */
export class AccountError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

/**
 * Failure budgets (rate-limiter-flexible, like the site's limiter): 5 wrong passwords per
 * account per 15 minutes (an identifier naming no account has its own); 5 wrong codes per
 * account per 15 minutes.
 */
export type AccountLimits = { login: RateLimiterAbstract; codes: RateLimiterAbstract };

export function createAccountLimits(rateLimits: Pick<RateLimits, "budget">): AccountLimits {
  return {
    login: rateLimits.budget("account:login", 5, 900),
    codes: rateLimits.budget("account:codes", 5, 900),
  };
}

export type AccountDeps = {
  db: Db;
  config: Pick<Config, "publicUrl" | "PWNED_PASSWORDS_URL"> & SmsConfig;
  logger: Logger;
  limits: AccountLimits;
};

export type AccountUser = typeof accountUsers.$inferSelect;

/** What the browser may know of the signed-in user (SPEC §3: user and its expiry). */
export function publicUser(user: AccountUser) {
  return {
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    dateOfBirth: user.dateOfBirth,
    tosVersion: user.tosVersion,
    tosLatest: user.tosVersion >= currentTosVersion,
    mfa: [...(user.totpEnabledAt ? ["totp"] : []), ...(user.smsEnabledAt ? ["sms"] : [])],
    phone: user.smsEnabledAt && user.phone ? `…${user.phone.slice(-2)}` : null,
  };
}

// ---------------------------------------------------------------------------------- budgets

/**
 * Runs one attempt (a password or a code) against a failure budget. Its point is spent before
 * the attempt is judged, by the store's atomic consume, so attempts sent at once cannot all pass
 * a check made before any of them was counted; once the budget is spent even a right answer is
 * refused. An attempt that succeeds (a truthy answer) gives its point back.
 */
async function withinBudget<T>(limiter: RateLimiterAbstract, key: string, attempt: () => Promise<T>) {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw new AccountError(429, "TOO_MANY_REQUESTS");
    throw err;
  }
  const result = await attempt();
  // A point not given back (the store failing now) only shortens the budget.
  if (result) await limiter.reward(key).catch(() => undefined);
  return result;
}

/**
 * Whose budget a password attempt spends: the account's, whichever spelling named it (username
 * or address, any case); an identifier naming no account has a budget of its own, so unknown
 * and known identifiers are answered alike.
 */
const passwordBudget = (user: AccountUser | undefined, identifier = "") =>
  user ? `account:${user.id}` : `identifier:${sha256(identifier.trim().toLowerCase())}`;

// ---------------------------------------------------------------------------------- helpers

function findByIdentifier(db: Db, identifier: string) {
  const key = identifier.trim().toLowerCase();
  // SPEC §5: input with an at sign is an e-mail address, otherwise a username.
  const where = key.includes("@") ? eq(accountUsers.email, key) : eq(accountUsers.usernameKey, key);
  return db
    .select()
    .from(accountUsers)
    .where(where)
    .limit(1)
    .then((rows) => rows[0]);
}

async function audience(deps: AccountDeps, to: string, lang: Language) {
  const studio = await getStudioInfo(deps.db, lang);
  return { to, lang, studioName: studio.name, siteUrl: deps.config.publicUrl };
}

function pageUrl(deps: AccountDeps, path: string, lang: Language, token: string) {
  return `${deps.config.publicUrl}${localizePath(path, lang)}?token=${encodeURIComponent(token)}`;
}

async function assertUsablePassword(deps: AccountDeps, password: string) {
  const check = await checkNewPassword(password, { rangeUrl: deps.config.PWNED_PASSWORDS_URL });
  if (!check.ok) throw new AccountError(400, "INVALID_PASSWORD");
}

/**
 * The constraint a unique violation (SQLSTATE 23505) broke, "" when unnamed; undefined for any
 * other error. Drivers put the database's error on the error or on its `cause`.
 */
export function uniqueViolation(err: unknown): string | undefined {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code === "23505" ? e : e?.cause?.code === "23505" ? e.cause : undefined;
  return pg ? (pg.constraint ?? "") : undefined;
}

const isUniqueViolation = (err: unknown) => uniqueViolation(err) !== undefined;

/** Runs work whose duration would tell whether an account exists after the answer is sent. */
function detached(deps: AccountDeps, what: string, work: () => Promise<void>): Promise<void> {
  const task = work().catch((err) => deps.logger.error({ err }, `account: ${what} failed`));
  return task;
}

/** Stores a link token (replacing older ones of its kind). Mails are composed before a transaction
 * opens: composing reads the database, and PGlite has one connection. */
async function insertLinkToken(
  tx: Tx,
  userId: string,
  purpose: "verify" | "reset",
  token: string,
  now: Date,
) {
  await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
  await tx.insert(accountTokens).values({
    hash: sha256(token),
    userId,
    purpose,
    expiresAt: new Date(now.getTime() + linkTtlMs),
  });
  return token;
}

/**
 * The notice of a change to how the account is protected, in the holder's language, to the
 * account's address (for an address change, the old one: pass the user as it was).
 */
async function securityNotice(deps: AccountDeps, user: AccountUser, change: SecurityChange, now: Date) {
  const lang = user.language as Language;
  return securityNotices[change].compose(await audience(deps, user.email, lang), {
    username: user.username,
    at: now,
    forgotUrl: `${deps.config.publicUrl}${localizePath("/account/forgot", lang)}`,
    contactUrl: `${deps.config.publicUrl}${localizePath("/contact", lang)}`,
  });
}

/**
 * After a change of address, password or second factor, nothing sent out before it may still
 * act on the account: verification and reset links and e-mail change codes are deleted. A new
 * password also cancels the logins waiting for their second step (they proved the old one).
 */
async function revokeMailedSecrets(tx: Tx, userId: string, { pendingLogins = false } = {}) {
  const purposes: Array<(typeof accountTokens.$inferSelect)["purpose"]> = ["verify", "reset", "email-change"];
  if (pendingLogins) purposes.push("mfa-login", "sms-login");
  await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), inArray(accountTokens.purpose, purposes)));
}

/** Takes a single-use token: deleted as it is read, so two uses cannot both succeed. */
async function takeToken(tx: Db | Tx, hash: string, purpose: (typeof accountTokens.$inferSelect)["purpose"]) {
  const [row] = await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.hash, hash), eq(accountTokens.purpose, purpose)))
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------- sessions

export type SessionInfo = { user: AccountUser; idHash: string; expiresAt: Date };

export async function createSession(tx: Db | Tx, userId: string, now = new Date()) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + sessionTtlSeconds * 1000);
  await tx.insert(accountSessions).values({ idHash: sha256(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function readSession(
  db: Db,
  token: string | undefined,
  now = new Date(),
): Promise<SessionInfo | null> {
  if (!token || token.length > 100) return null;
  const idHash = sha256(token);
  const [row] = await db
    .select({ user: accountUsers, expiresAt: accountSessions.expiresAt })
    .from(accountSessions)
    .innerJoin(accountUsers, eq(accountUsers.id, accountSessions.userId))
    .where(and(eq(accountSessions.idHash, idHash), gt(accountSessions.expiresAt, now)))
    .limit(1);
  return row ? { user: row.user, idHash, expiresAt: row.expiresAt } : null;
}

export async function endSession(db: Db, token: string | undefined) {
  if (token) await db.delete(accountSessions).where(eq(accountSessions.idHash, sha256(token)));
}

export async function endAllSessions(db: Db | Tx, userId: string, exceptIdHash?: string) {
  await db
    .delete(accountSessions)
    .where(
      exceptIdHash
        ? and(eq(accountSessions.userId, userId), ne(accountSessions.idHash, exceptIdHash))
        : eq(accountSessions.userId, userId),
    );
}

/** Expired sessions and tokens are deleted (privacy: kept no longer than they work). */
export async function purgeExpiredAccountData(db: Db, now = new Date()) {
  await db.delete(accountSessions).where(lt(accountSessions.expiresAt, now));
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, now));
}

// ---------------------------------------------------------------------------------- create & verify

export type CreateInput = {
  username: string;
  email: string;
  password: string;
  dateOfBirth: string;
};

/**
 * Creates an unverified account and queues its verification e-mail. An address already in use
 * gets a notice instead and the caller the same answer, so the form tells nobody who has an
 * account; usernames are public handles, so a taken one is said (USERNAME_IN_USE).
 */
export async function createAccount(deps: AccountDeps, input: CreateInput, lang: Language, now = new Date()) {
  await assertUsablePassword(deps, input.password);
  const email = input.email.trim().toLowerCase();
  const usernameKey = input.username.toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const [taken] = await deps.db
    .select({ id: accountUsers.id })
    .from(accountUsers)
    .where(eq(accountUsers.usernameKey, usernameKey))
    .limit(1);
  if (taken) throw new AccountError(409, "USERNAME_IN_USE");
  const [existing] = await deps.db
    .select({ username: accountUsers.username, language: accountUsers.language })
    .from(accountUsers)
    .where(eq(accountUsers.email, email))
    .limit(1);
  if (existing) {
    const lang2 = existing.language as Language;
    const notice = await existsEmail.compose(await audience(deps, email, lang2), {
      username: existing.username,
      url: `${deps.config.publicUrl}${localizePath("/account/forgot", lang2)}`,
    });
    await enqueueEmail(deps.db, notice);
    return;
  }
  try {
    const token = newToken();
    const mail = await verifyEmail.compose(await audience(deps, email, lang), {
      username: input.username,
      url: pageUrl(deps, "/account/verify", lang, token),
    });
    await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(accountUsers)
        .values({
          username: input.username,
          usernameKey,
          email,
          passwordHash,
          dateOfBirth: input.dateOfBirth,
          tosVersion: currentTosVersion,
          language: lang,
        })
        .returning();
      await insertLinkToken(tx, user!.id, "verify", token, now);
      await enqueueEmail(tx, mail);
    });
  } catch (err) {
    // Lost a race for the same name or address: answer as if it had been taken before.
    if (isUniqueViolation(err)) throw new AccountError(409, "USERNAME_IN_USE");
    throw err;
  }
}

/** Confirms the address from the e-mailed link (single-use, one hour). */
export async function validateEmail(deps: AccountDeps, token: string, now = new Date()) {
  const row = await takeToken(deps.db, sha256(token), "verify");
  if (!row) throw new AccountError(400, "INVALID_PARAMETERS");
  if (!row.expiresAt || row.expiresAt <= now) throw new AccountError(400, "AUTH_TICKET_EXPIRED");
  await deps.db.update(accountUsers).set({ emailVerifiedAt: now }).where(eq(accountUsers.id, row.userId));
}

/** Sends a new link when the address has an unverified account; the answer never says. */
export function resendVerification(deps: AccountDeps, emailInput: string, now = new Date()) {
  return detached(deps, "resend-verification", async () => {
    const user = await findByIdentifier(deps.db, emailInput.includes("@") ? emailInput : "@");
    if (!user || user.emailVerifiedAt) return;
    const lang = user.language as Language;
    const token = newToken();
    const mail = await verifyEmail.compose(await audience(deps, user.email, lang), {
      username: user.username,
      url: pageUrl(deps, "/account/verify", lang, token),
    });
    await deps.db.transaction(async (tx) => {
      await insertLinkToken(tx, user.id, "verify", token, now);
      await enqueueEmail(tx, mail);
    });
  });
}

// ---------------------------------------------------------------------------------- login

export type LoginResult =
  | { kind: "session"; user: AccountUser; token: string; expiresAt: Date }
  | { kind: "mfa"; challenge: string; methods: string[] };

export async function login(
  deps: AccountDeps,
  input: { identifier: string; password: string },
  now = new Date(),
): Promise<LoginResult> {
  const user = await findByIdentifier(deps.db, input.identifier);
  const ok = await withinBudget(deps.limits.login, passwordBudget(user, input.identifier), () =>
    verifyPassword(user?.passwordHash, input.password),
  );
  if (!user || !ok) throw new AccountError(401, "ACCOUNT_LOGIN_ERROR");
  return startSignIn(deps, user, now);
}

/**
 * The steps after the first factor (a password, or a linked platform's sign-in): an unverified
 * address is refused; with a second factor on, the login's code step starts; else a session.
 */
export async function startSignIn(
  deps: AccountDeps,
  user: AccountUser,
  now = new Date(),
): Promise<LoginResult> {
  if (!user.emailVerifiedAt) throw new AccountError(403, "EMAIL_NOT_VERIFIED");
  if (user.totpEnabledAt || user.smsEnabledAt) {
    const challenge = newToken();
    const methods = [...(user.totpEnabledAt ? ["totp"] : []), ...(user.smsEnabledAt ? ["sms"] : [])];
    await deps.db.transaction(async (tx) => {
      await tx
        .delete(accountTokens)
        .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, "mfa-login")));
      await tx.insert(accountTokens).values({
        hash: sha256(challenge),
        userId: user.id,
        purpose: "mfa-login",
        expiresAt: new Date(now.getTime() + challengeTtlMs),
      });
    });
    if (user.smsEnabledAt && user.phone) await sendSmsCode(deps, user, "sms-login", user.phone, now);
    return { kind: "mfa", challenge, methods };
  }
  const session = await createSession(deps.db, user.id, now);
  return { kind: "session", user, ...session };
}

/** The login's second step: an authenticator code or a recovery code, against the challenge. */
export async function submitCode(
  deps: AccountDeps,
  challenge: string | undefined,
  code: string,
  now = new Date(),
) {
  if (!challenge) throw new AccountError(401, "NEEDS_LOGIN_REFRESH");
  const [row] = await deps.db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.hash, sha256(challenge)), eq(accountTokens.purpose, "mfa-login")))
    .limit(1);
  if (!row?.expiresAt || row.expiresAt <= now) throw new AccountError(401, "NEEDS_LOGIN_REFRESH");
  const [user] = await deps.db.select().from(accountUsers).where(eq(accountUsers.id, row.userId));
  if (!user) throw new AccountError(401, "NEEDS_LOGIN_REFRESH");
  await checkSecondFactor(deps, user, code, now);
  return deps.db.transaction(async (tx) => {
    const taken = await takeToken(tx, row.hash, "mfa-login");
    if (!taken) throw new AccountError(401, "NEEDS_LOGIN_REFRESH");
    const session = await createSession(tx, user.id, now);
    return { user, ...session };
  });
}

// ---------------------------------------------------------------------------------- TOTP

const totpFor = (secret: string, label = "") =>
  new TOTP({
    issuer: "Studio",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

/**
 * Accepts a code of the current step or one step either side, never one of a step already used
 * (the conditional update makes two concurrent uses of one code fail but one).
 */
async function acceptTotp(deps: AccountDeps, user: AccountUser, code: string, now: Date): Promise<boolean> {
  if (!user.totpSecret || !/^\d{6}$/.test(code)) return false;
  const delta = totpFor(user.totpSecret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now.getTime() / 30_000) + delta;
  const updated = await deps.db
    .update(accountUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(accountUsers.id, user.id),
        or(isNull(accountUsers.totpLastStep), lt(accountUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: accountUsers.id });
  return updated.length === 1;
}

async function checkSecondFactor(deps: AccountDeps, user: AccountUser, code: string, now: Date) {
  const trimmed = code.trim().toLowerCase();
  const ok = await withinBudget(deps.limits.codes, `mfa:${user.id}`, async () =>
    /^\d{6}$/.test(trimmed)
      ? (await acceptTotp(deps, user, trimmed, now)) ||
        Boolean(await acceptSmsCode(deps, user, trimmed, "sms-login", now))
      : Boolean(await takeToken(deps.db, codeHash(user.id, trimmed), "recovery")),
  );
  if (!ok) throw new AccountError(400, "MFA_CODE_INVALID");
}

/** Starts TOTP: a new secret, its otpauth URI and the QR code (SVG data URL) to scan. */
export async function addTotp(deps: AccountDeps, user: AccountUser, issuer: string) {
  if (user.totpEnabledAt) throw new AccountError(409, "MFA_ALREADY_ENABLED");
  const secret = new Secret({ size: 20 }).base32;
  await deps.db.update(accountUsers).set({ totpSecret: secret }).where(eq(accountUsers.id, user.id));
  return totpSetup(secret, user.username, issuer);
}

/** What the authenticator app needs: the secret, its otpauth URI and that URI as a QR code. */
export async function totpSetup(secret: string, username: string, issuer: string) {
  const uri = new TOTP({
    issuer,
    label: username,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  }).toString();
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/** Turns TOTP on with a first valid code; answers the recovery codes, shown this once. */
export async function confirmTotp(deps: AccountDeps, user: AccountUser, code: string, now = new Date()) {
  if (user.totpEnabledAt) throw new AccountError(409, "MFA_ALREADY_ENABLED");
  if (!user.totpSecret) throw new AccountError(400, "MFA_NOT_ENABLED");
  if (
    !(await withinBudget(deps.limits.codes, `mfa:${user.id}`, () => acceptTotp(deps, user, code.trim(), now)))
  )
    throw new AccountError(400, "MFA_CODE_INVALID");
  const notice = await securityNotice(deps, user, "totp-added", now);
  return deps.db.transaction(async (tx) => {
    await tx.update(accountUsers).set({ totpEnabledAt: now }).where(eq(accountUsers.id, user.id));
    await revokeMailedSecrets(tx, user.id);
    await enqueueEmail(tx, notice);
    return { recoveryCodes: await replaceRecoveryCodes(tx, user.id) };
  });
}

/** A new set of recovery codes (hashed, single-use); the previous set stops working. */
async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, "recovery")));
  await tx
    .insert(accountTokens)
    .values(codes.map((c) => ({ hash: codeHash(userId, c), userId, purpose: "recovery" as const })));
  return codes;
}

/**
 * New recovery codes for an account with a second factor. A session alone is not enough (it may
 * be a borrowed browser): the password or a current authenticator code proves the holder.
 */
export async function regenerateRecoveryCodes(
  deps: AccountDeps,
  user: AccountUser,
  proof: { password?: string; code?: string },
  now = new Date(),
) {
  if (!user.totpEnabledAt && !user.smsEnabledAt) throw new AccountError(400, "MFA_NOT_ENABLED");
  if (proof.password) await requirePassword(deps, user, proof.password);
  else {
    const code = (proof.code ?? "").trim();
    if (!(await withinBudget(deps.limits.codes, `mfa:${user.id}`, () => acceptTotp(deps, user, code, now))))
      throw new AccountError(400, "MFA_CODE_INVALID");
  }
  const notice = await securityNotice(deps, user, "recovery-codes", now);
  const recoveryCodes = await deps.db.transaction(async (tx) => {
    await revokeMailedSecrets(tx, user.id);
    await enqueueEmail(tx, notice);
    return replaceRecoveryCodes(tx, user.id);
  });
  return { recoveryCodes };
}

// ---------------------------------------------------------------------------------- SMS

const smsCodeTtlMs = 5 * 60_000;

/**
 * Texts a 6-digit code (stored hashed, single-use, 5 minutes) for a setup or a login step.
 * A provider failure answers SERVICE_TEMPORARILY_UNAVAILABLE and leaves no code behind.
 */
async function sendSmsCode(
  deps: AccountDeps,
  user: AccountUser,
  purpose: "sms-setup" | "sms-login",
  phone: string,
  now: Date,
) {
  const code = newNumericCode();
  const hash = codeHash(user.id, code);
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, purpose)));
    await tx.insert(accountTokens).values({
      hash,
      userId: user.id,
      purpose,
      data: phone,
      expiresAt: new Date(now.getTime() + smsCodeTtlMs),
    });
  });
  const t = await mailTranslator(user.language as Language);
  const studio = await getStudioInfo(deps.db, user.language as Language);
  try {
    await sendSms(deps.config, phone, t("account:sms.code", { code, studio: studio.name }));
  } catch (err) {
    await deps.db.delete(accountTokens).where(eq(accountTokens.hash, hash));
    if (err instanceof SmsUnavailable) {
      deps.logger.warn({ err }, "account: text message not sent");
      throw new AccountError(503, "SERVICE_TEMPORARILY_UNAVAILABLE");
    }
    throw err;
  }
}

async function acceptSmsCode(
  deps: AccountDeps,
  user: AccountUser,
  code: string,
  purpose: "sms-setup" | "sms-login",
  now: Date,
) {
  const row = await takeToken(deps.db, codeHash(user.id, code), purpose);
  return row?.expiresAt && row.expiresAt > now ? row : undefined;
}

/** SPEC §7 mfa/addsms: texts a code to the number (E.164 after parsing). */
export async function addSms(deps: AccountDeps, user: AccountUser, phoneInput: string, now = new Date()) {
  if (user.smsEnabledAt) throw new AccountError(409, "MFA_ALREADY_ENABLED");
  const phone = normalizePhone(phoneInput);
  if (!phone) throw new AccountError(400, "INVALID_PHONE_NUMBER");
  await sendSmsCode(deps, user, "sms-setup", phone, now);
}

/** SPEC §7 mfa/confirmsms: the code texted by addsms turns the SMS factor on. */
export async function confirmSms(deps: AccountDeps, user: AccountUser, code: string, now = new Date()) {
  if (user.smsEnabledAt) throw new AccountError(409, "MFA_ALREADY_ENABLED");
  const phone = await withinBudget(deps.limits.codes, `mfa:${user.id}`, async () =>
    /^\d{6}$/.test(code.trim())
      ? (await acceptSmsCode(deps, user, code.trim(), "sms-setup", now))?.data
      : undefined,
  );
  if (!phone) throw new AccountError(400, "MFA_CODE_INVALID");
  const notice = await securityNotice(deps, user, "sms-added", now);
  return deps.db.transaction(async (tx) => {
    await tx.update(accountUsers).set({ phone, smsEnabledAt: now }).where(eq(accountUsers.id, user.id));
    await revokeMailedSecrets(tx, user.id);
    await enqueueEmail(tx, notice);
    // As for an authenticator: a lost phone must not lock the holder out.
    return { recoveryCodes: await replaceRecoveryCodes(tx, user.id) };
  });
}

/** Turns the second factor off; needs the password. */
export async function removeMfa(deps: AccountDeps, user: AccountUser, password: string, now = new Date()) {
  if (!user.totpEnabledAt && !user.totpSecret && !user.smsEnabledAt)
    throw new AccountError(400, "MFA_NOT_ENABLED");
  await requirePassword(deps, user, password);
  // A secret set up but never confirmed protected nothing: its removal is no change to tell.
  const notice =
    user.totpEnabledAt || user.smsEnabledAt
      ? await securityNotice(deps, user, "mfa-removed", now)
      : undefined;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(accountUsers)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, phone: null, smsEnabledAt: null })
      .where(eq(accountUsers.id, user.id));
    await tx
      .delete(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, "recovery")));
    if (notice) {
      await revokeMailedSecrets(tx, user.id);
      await enqueueEmail(tx, notice);
    }
  });
}

// ---------------------------------------------------------------------------------- passwords

/** The password of a signed-in account, asked again: it spends the account's login budget. */
async function requirePassword(deps: AccountDeps, user: AccountUser, password: string) {
  if (
    !(await withinBudget(deps.limits.login, passwordBudget(user), () =>
      verifyPassword(user.passwordHash, password),
    ))
  )
    throw new AccountError(400, "INCORRECT_PASSWORD");
}

/** Sends a reset link when the identifier names an account; the answer is the same either way. */
export function forgotPassword(deps: AccountDeps, identifier: string, now = new Date()) {
  return detached(deps, "forgot-password", async () => {
    const user = await findByIdentifier(deps.db, identifier);
    if (!user) return;
    const lang = user.language as Language;
    const token = newToken();
    const mail = await resetEmail.compose(await audience(deps, user.email, lang), {
      username: user.username,
      url: pageUrl(deps, "/account/reset", lang, token),
    });
    await deps.db.transaction(async (tx) => {
      await insertLinkToken(tx, user.id, "reset", token, now);
      await enqueueEmail(tx, mail);
    });
  });
}

/**
 * Sets a new password from a reset link (single-use, one hour), ends every session and revokes
 * what else was mailed or pending (see revokeMailedSecrets).
 */
export async function resetPassword(deps: AccountDeps, token: string, password: string, now = new Date()) {
  await assertUsablePassword(deps, password);
  const hash = sha256(token);
  // Read (not taken) to address the notice, composed before the transaction like every mail.
  const [pending] = await deps.db
    .select({ user: accountUsers })
    .from(accountTokens)
    .innerJoin(accountUsers, eq(accountUsers.id, accountTokens.userId))
    .where(and(eq(accountTokens.hash, hash), eq(accountTokens.purpose, "reset")));
  if (!pending) throw new AccountError(400, "PASSWORD_RESET_CODE_INVALID");
  const passwordHash = await hashPassword(password);
  const notice = await securityNotice(deps, pending.user, "password-reset", now);
  await deps.db.transaction(async (tx) => {
    const row = await takeToken(tx, hash, "reset");
    if (!row) throw new AccountError(400, "PASSWORD_RESET_CODE_INVALID");
    if (!row.expiresAt || row.expiresAt <= now) throw new AccountError(400, "PASSWORD_RESET_CODE_EXPIRED");
    // The link came through the mailbox, so the address is proven too.
    await tx
      .update(accountUsers)
      .set({ passwordHash, emailVerifiedAt: now })
      .where(eq(accountUsers.id, row.userId));
    await endAllSessions(tx, row.userId);
    await revokeMailedSecrets(tx, row.userId, { pendingLogins: true });
    await enqueueEmail(tx, notice);
  });
}

/** Changes the password (current one required), ends every other session, revokes links. */
export async function updatePassword(
  deps: AccountDeps,
  session: SessionInfo,
  input: { currentPassword: string; password: string },
  now = new Date(),
) {
  await requirePassword(deps, session.user, input.currentPassword);
  await assertUsablePassword(deps, input.password);
  const passwordHash = await hashPassword(input.password);
  const notice = await securityNotice(deps, session.user, "password-changed", now);
  await deps.db.transaction(async (tx) => {
    await tx.update(accountUsers).set({ passwordHash }).where(eq(accountUsers.id, session.user.id));
    await endAllSessions(tx, session.user.id, session.idHash);
    await revokeMailedSecrets(tx, session.user.id, { pendingLogins: true });
    await enqueueEmail(tx, notice);
  });
}

// ---------------------------------------------------------------------------------- settings

/**
 * SPEC §7 update-email (email, password, code): without a code, the password is checked and a
 * code goes to the new address (or, when it belongs to another account, a notice does, and the
 * answer is the same); with the code, the address is replaced in place. The code was issued
 * only after the password, so the second step needs it only when it is given (then checked).
 */
export async function updateEmail(
  deps: AccountDeps,
  user: AccountUser,
  input: { email: string; password?: string; code?: string },
  now = new Date(),
): Promise<{ status: "code-sent" | "updated"; email?: string }> {
  if (!input.code || input.password !== undefined) await requirePassword(deps, user, input.password ?? "");
  const email = input.email.trim().toLowerCase();
  if (!input.code) {
    const [other] = await deps.db
      .select({ username: accountUsers.username })
      .from(accountUsers)
      .where(eq(accountUsers.email, email))
      .limit(1);
    const lang = user.language as Language;
    if (other) {
      const notice = await existsEmail.compose(await audience(deps, email, lang), {
        username: other.username,
        url: `${deps.config.publicUrl}${localizePath("/account/forgot", lang)}`,
      });
      await enqueueEmail(deps.db, notice);
      return { status: "code-sent" };
    }
    const code = newNumericCode();
    const mail = await emailChangeCode.compose(await audience(deps, email, lang), { code });
    await deps.db.transaction(async (tx) => {
      await tx
        .delete(accountTokens)
        .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.purpose, "email-change")));
      await tx.insert(accountTokens).values({
        hash: codeHash(user.id, code),
        userId: user.id,
        purpose: "email-change",
        data: email,
        expiresAt: new Date(now.getTime() + codeTtlMs),
      });
      await enqueueEmail(tx, mail);
    });
    return { status: "code-sent" };
  }
  const code = input.code;
  const row = await withinBudget(deps.limits.codes, `email:${user.id}`, async () => {
    const [found] = await deps.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.hash, codeHash(user.id, code)), eq(accountTokens.purpose, "email-change")));
    return found && found.data === email && found.expiresAt && found.expiresAt > now ? found : undefined;
  });
  if (!row) throw new AccountError(400, "MFA_CODE_INVALID");
  // To the address that held the account until now: the one an intruder would have replaced.
  const notice = await securityNotice(deps, user, "email-changed", now);
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await takeToken(tx, row.hash, "email-change"))) throw new AccountError(400, "MFA_CODE_INVALID");
      await tx.update(accountUsers).set({ email, emailVerifiedAt: now }).where(eq(accountUsers.id, user.id));
      await revokeMailedSecrets(tx, user.id);
      await enqueueEmail(tx, notice);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AccountError(409, "EMAIL_IN_USE");
    throw err;
  }
  return { status: "updated", email };
}

export async function updateProfile(deps: AccountDeps, user: AccountUser, input: { username: string }) {
  try {
    await deps.db
      .update(accountUsers)
      .set({ username: input.username, usernameKey: input.username.toLowerCase() })
      .where(eq(accountUsers.id, user.id));
  } catch (err) {
    if (isUniqueViolation(err)) throw new AccountError(409, "USERNAME_IN_USE");
    throw err;
  }
}

export async function acceptTos(
  deps: AccountDeps,
  user: AccountUser,
  input: { version: number; accept: boolean },
) {
  if (!input.accept) throw new AccountError(400, "MISSING_TERMS_ACCEPT");
  if (input.version !== currentTosVersion) throw new AccountError(400, "TERMS_NOT_LATEST");
  await deps.db.update(accountUsers).set({ tosVersion: input.version }).where(eq(accountUsers.id, user.id));
}

/**
 * Deletes the account (password required): sessions, tokens and codes go with it (cascade),
 * and so do the e-mails still addressed to it in the outbox.
 */
export async function deleteAccount(deps: AccountDeps, user: AccountUser, password: string) {
  await requirePassword(deps, user, password);
  await deps.db.transaction(async (tx) => {
    await tx.delete(outboxEmails).where(eq(outboxEmails.to, user.email));
    await tx.delete(accountUsers).where(eq(accountUsers.id, user.id));
  });
}

/** The account's live sessions, newest first; `current` marks the one asking. */
export async function listSessions(db: Db, session: SessionInfo, now = new Date()) {
  const rows = await db
    .select({
      idHash: accountSessions.idHash,
      createdAt: accountSessions.createdAt,
      expiresAt: accountSessions.expiresAt,
    })
    .from(accountSessions)
    .where(and(eq(accountSessions.userId, session.user.id), gt(accountSessions.expiresAt, now)))
    .orderBy(desc(accountSessions.createdAt));
  // The id hash stays on the server; `id` is derived from it one way (a stable list key).
  return rows.map((row) => ({
    id: sha256(row.idHash).slice(0, 16),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.idHash === session.idHash,
  }));
}

/** Signs out every other device; this session stays. */
export async function endOtherSessions(deps: AccountDeps, session: SessionInfo) {
  await endAllSessions(deps.db, session.user.id, session.idHash);
}

/** Ends every session of the account (SPEC §7 global-logout). */
export async function globalLogout(deps: AccountDeps, user: AccountUser) {
  await endAllSessions(deps.db, user.id);
}
