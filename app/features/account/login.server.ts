/** Signing in: the password (or a platform's sign-in), then the second factor when it is on. */
import { and, eq } from "drizzle-orm";
import { passwordBudget, withinBudget } from "./account-budgets.server";
import { type AccountDeps, AccountError, type AccountUser } from "./account-core.server";
import { findByIdentifier, takeToken } from "./account-helpers.server";
import { codeHash, newToken, sha256, verifyPassword } from "./secrets.server";
import { createSession } from "./sessions.server";
import { acceptSmsCode, sendSmsCode } from "./sms-factor.server";
import { accountTokens, accountUsers } from "./tables";
import { acceptTotp } from "./totp.server";

/** The second-factor step at login: five minutes. */
const challengeTtlMs = 5 * 60_000;

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
