/** Creating an account and proving its address: the sign-up and its verification link. */
import { eq } from "drizzle-orm";
import { isUniqueViolation } from "~/platform/db/sql-errors";
import { type Language, localizePath } from "~/platform/i18n/languages";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { type AccountDeps, AccountError, accountItemKind } from "./account-core.server";
import { existsEmail, verifyEmail } from "./account-emails.server";
import { currentTosVersion } from "./account-forms";
import {
  assertUsablePassword,
  audience,
  detached,
  findByIdentifier,
  insertLinkToken,
  pageUrl,
  takeToken,
} from "./account-helpers.server";
import { hashPassword, newToken, sha256 } from "./secrets.server";
import { accountUsers } from "./tables";

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
    .select({ id: accountUsers.id, username: accountUsers.username, language: accountUsers.language })
    .from(accountUsers)
    .where(eq(accountUsers.email, email))
    .limit(1);
  if (existing) {
    const lang2 = existing.language as Language;
    const notice = await existsEmail.compose(await audience(deps, email, lang2), {
      username: existing.username,
      url: `${deps.config.publicUrl}${localizePath("/account/forgot", lang2)}`,
    });
    // About the account that has the address: it goes to its holder, and with it.
    await enqueueEmail(deps.db, notice, { kind: accountItemKind, id: existing.id });
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
      await enqueueEmail(tx, mail, { kind: accountItemKind, id: user!.id });
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
      await enqueueEmail(tx, mail, { kind: accountItemKind, id: user.id });
    });
  });
}
