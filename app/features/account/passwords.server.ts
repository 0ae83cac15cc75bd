/** Passwords: asked again for sensitive changes, forgotten and reset by link, changed. */
import { and, eq } from "drizzle-orm";
import type { Language } from "~/platform/i18n/languages";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { passwordBudget, withinBudget } from "./account-budgets.server";
import { type AccountDeps, AccountError, type AccountUser, accountItemKind } from "./account-core.server";
import { resetEmail } from "./account-emails.server";
import {
  assertUsablePassword,
  audience,
  detached,
  findByIdentifier,
  insertLinkToken,
  pageUrl,
  revokeMailedSecrets,
  securityNotice,
  takeToken,
} from "./account-helpers.server";
import { hashPassword, newToken, sha256, verifyPassword } from "./secrets.server";
import { endAllSessions, type SessionInfo } from "./sessions.server";
import { accountTokens, accountUsers } from "./tables";

/** The password of a signed-in account, asked again: it spends the account's login budget. */
export async function requirePassword(deps: AccountDeps, user: AccountUser, password: string) {
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
      await enqueueEmail(tx, mail, { kind: accountItemKind, id: user.id });
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
    await enqueueEmail(tx, notice, { kind: accountItemKind, id: row.userId });
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
    await enqueueEmail(tx, notice, { kind: accountItemKind, id: session.user.id });
  });
}
