/** What several account operations share: lookups, mail addressing, link tokens, notices. */
import { and, eq, inArray } from "drizzle-orm";
import { getStudioInfo } from "~/features/studio/index.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { type Language, localizePath } from "~/platform/i18n/languages";
import { type AccountDeps, AccountError, type AccountUser } from "./account-core.server";
import { type SecurityChange, securityNotices } from "./account-emails.server";
import { checkNewPassword } from "./password-policy.server";
import { sha256 } from "./secrets.server";
import { accountTokens, accountUsers } from "./tables";

/** Verification and reset links: single-use, one hour. */
const linkTtlMs = 60 * 60_000;

export function findByIdentifier(db: Db, identifier: string) {
  const key = identifier.trim().toLowerCase();
  // docs/requirements.md#account-and-second-factor: input with an at sign is an e-mail address,
  // otherwise a username.
  const where = key.includes("@") ? eq(accountUsers.email, key) : eq(accountUsers.usernameKey, key);
  return db
    .select()
    .from(accountUsers)
    .where(where)
    .limit(1)
    .then((rows) => rows[0]);
}

export async function audience(deps: AccountDeps, to: string, lang: Language) {
  const studio = await getStudioInfo(deps.db, lang);
  return { to, lang, studioName: studio.name, siteUrl: deps.config.publicUrl };
}

export function pageUrl(deps: AccountDeps, path: string, lang: Language, token: string) {
  return `${deps.config.publicUrl}${localizePath(path, lang)}?token=${encodeURIComponent(token)}`;
}

export async function assertUsablePassword(deps: AccountDeps, password: string) {
  const check = await checkNewPassword(password, { rangeUrl: deps.config.PWNED_PASSWORDS_URL });
  if (!check.ok) throw new AccountError(400, "INVALID_PASSWORD");
}

/** Runs work whose duration would tell whether an account exists after the answer is sent. */
export function detached(deps: AccountDeps, what: string, work: () => Promise<void>): Promise<void> {
  const task = work().catch((err) => deps.logger.error({ err }, `account: ${what} failed`));
  return task;
}

/** Stores a link token (replacing older ones of its kind). Mails are composed before a transaction
 * opens: composing reads the database, and PGlite has one connection. */
export async function insertLinkToken(
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
export async function securityNotice(
  deps: AccountDeps,
  user: AccountUser,
  change: SecurityChange,
  now: Date,
) {
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
export async function revokeMailedSecrets(tx: Tx, userId: string, { pendingLogins = false } = {}) {
  const purposes: Array<(typeof accountTokens.$inferSelect)["purpose"]> = ["verify", "reset", "email-change"];
  if (pendingLogins) purposes.push("mfa-login", "sms-login");
  await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), inArray(accountTokens.purpose, purposes)));
}

/** Takes a single-use token: deleted as it is read, so two uses cannot both succeed. */
export async function takeToken(
  tx: Db | Tx,
  hash: string,
  purpose: (typeof accountTokens.$inferSelect)["purpose"],
) {
  const [row] = await tx
    .delete(accountTokens)
    .where(and(eq(accountTokens.hash, hash), eq(accountTokens.purpose, purpose)))
    .returning();
  return row;
}
