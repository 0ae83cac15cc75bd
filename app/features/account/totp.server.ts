/** The authenticator app as second factor, and the recovery codes that stand in for it. */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Tx } from "~/platform/db/client.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { withinBudget } from "./account-budgets.server";
import { type AccountDeps, AccountError, type AccountUser, accountItemKind } from "./account-core.server";
import { revokeMailedSecrets, securityNotice } from "./account-helpers.server";
import { requirePassword } from "./passwords.server";
import { codeHash, newRecoveryCode } from "./secrets.server";
import { accountTokens, accountUsers } from "./tables";

const recoveryCodeCount = 10;

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
export async function acceptTotp(
  deps: AccountDeps,
  user: AccountUser,
  code: string,
  now: Date,
): Promise<boolean> {
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
    await enqueueEmail(tx, notice, { kind: accountItemKind, id: user.id });
    return { recoveryCodes: await replaceRecoveryCodes(tx, user.id) };
  });
}

/** A new set of recovery codes (hashed, single-use); the previous set stops working. */
export async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
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
    await enqueueEmail(tx, notice, { kind: accountItemKind, id: user.id });
    return replaceRecoveryCodes(tx, user.id);
  });
  return { recoveryCodes };
}
