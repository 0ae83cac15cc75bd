/** What the holder changes on a signed-in account: address, profile, terms, sessions, deletion. */
import { and, desc, eq, gt } from "drizzle-orm";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/sql-errors";
import { type Language, localizePath } from "~/platform/i18n/languages";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { removeMailFiles } from "~/platform/mail/transport.server";
import { deleteItemTraces } from "~/platform/privacy/item-traces.server";
import { withinBudget } from "./account-budgets.server";
import { type AccountDeps, AccountError, type AccountUser, accountItemKind } from "./account-core.server";
import { emailChangeCode, existsEmail } from "./account-emails.server";
import { currentTosVersion } from "./account-forms";
import { audience, revokeMailedSecrets, securityNotice, takeToken } from "./account-helpers.server";
import { requirePassword } from "./passwords.server";
import { codeHash, newNumericCode, sha256 } from "./secrets.server";
import { endAllSessions, type SessionInfo } from "./sessions.server";
import { accountSessions, accountTokens, accountUsers } from "./tables";

/** The e-mail change code: ten minutes. */
const codeTtlMs = 10 * 60_000;

/**
 * update-email (docs/requirements.md#account-and-second-factor; email, password, code): without a
 * code, the password is checked and a code goes to the new address (or, when it belongs to another
 * account, a notice does, and the answer is the same); with the code, the address is replaced in
 * place. The code was issued only after the password, so the second step needs it only when it is
 * given (then checked).
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
      .select({ id: accountUsers.id, username: accountUsers.username })
      .from(accountUsers)
      .where(eq(accountUsers.email, email))
      .limit(1);
    const lang = user.language as Language;
    if (other) {
      const notice = await existsEmail.compose(await audience(deps, email, lang), {
        username: other.username,
        url: `${deps.config.publicUrl}${localizePath("/account/forgot", lang)}`,
      });
      // About the account that has the address: it goes to its holder, and with it.
      await enqueueEmail(deps.db, notice, { kind: accountItemKind, id: other.id });
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
      await enqueueEmail(tx, mail, { kind: accountItemKind, id: user.id });
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
      await enqueueEmail(tx, notice, { kind: accountItemKind, id: user.id });
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
 * and so do its e-mails in the outbox (`accountItemKind`, to whichever address), and their
 * copies in DATA_DIR/mail.
 */
export async function deleteAccount(deps: AccountDeps, user: AccountUser, password: string) {
  await requirePassword(deps, user, password);
  await eraseAccount(deps, user);
}

/**
 * The deletion itself, once the holder has proved it is theirs with the password above. Never
 * on an e-mailed link alone: the data-rights page sends the visitor here
 * (features/account/personal-data.server.ts).
 */
export async function eraseAccount(
  svc: { db: Db; config: Pick<Config, "dataDir"> },
  user: Pick<AccountUser, "id">,
): Promise<boolean> {
  const { gone, emails } = await svc.db.transaction(async (tx) => {
    const emails = await deleteItemTraces(tx, accountItemKind, user.id);
    const gone = await tx
      .delete(accountUsers)
      .where(eq(accountUsers.id, user.id))
      .returning({ id: accountUsers.id });
    return { gone: gone.length > 0, emails };
  });
  await removeMailFiles(svc.config, emails);
  return gone;
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

/** Ends every session of the account (global-logout, docs/requirements.md#account-and-second-factor). */
export async function globalLogout(deps: AccountDeps, user: AccountUser) {
  await endAllSessions(deps.db, user.id);
}
