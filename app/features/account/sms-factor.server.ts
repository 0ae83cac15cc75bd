/** Text messages as second factor: codes for setting it up and for each login. */
import { and, eq } from "drizzle-orm";
import { getStudioInfo } from "~/features/studio/index.server";
import { normalizePhone } from "~/platform/forms/phone-numbers";
import type { Language } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { withinBudget } from "./account-budgets.server";
import { type AccountDeps, AccountError, type AccountUser, accountItemKind } from "./account-core.server";
import { revokeMailedSecrets, securityNotice, takeToken } from "./account-helpers.server";
import { requirePassword } from "./passwords.server";
import { codeHash, newNumericCode } from "./secrets.server";
import { SmsUnavailable, sendSms } from "./sms.server";
import { accountTokens, accountUsers } from "./tables";
import { replaceRecoveryCodes } from "./totp.server";

const smsCodeTtlMs = 5 * 60_000;

/**
 * Texts a 6-digit code (stored hashed, single-use, 5 minutes) for a setup or a login step.
 * A provider failure answers SERVICE_TEMPORARILY_UNAVAILABLE and leaves no code behind.
 */
export async function sendSmsCode(
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
  const t = await translator(user.language as Language);
  const studio = await getStudioInfo(deps.db, user.language as Language);
  try {
    await sendSms(deps.config, phone, t("account-security:sms.code", { code, studio: studio.name }));
  } catch (err) {
    await deps.db.delete(accountTokens).where(eq(accountTokens.hash, hash));
    if (err instanceof SmsUnavailable) {
      deps.logger.warn({ err }, "account: text message not sent");
      throw new AccountError(503, "SERVICE_TEMPORARILY_UNAVAILABLE");
    }
    throw err;
  }
}

export async function acceptSmsCode(
  deps: AccountDeps,
  user: AccountUser,
  code: string,
  purpose: "sms-setup" | "sms-login",
  now: Date,
) {
  const row = await takeToken(deps.db, codeHash(user.id, code), purpose);
  return row?.expiresAt && row.expiresAt > now ? row : undefined;
}

/**
 * mfa/addsms (docs/requirements.md#account-and-second-factor): texts a code to the number (E.164
 * after parsing).
 */
export async function addSms(deps: AccountDeps, user: AccountUser, phoneInput: string, now = new Date()) {
  if (user.smsEnabledAt) throw new AccountError(409, "MFA_ALREADY_ENABLED");
  const phone = normalizePhone(phoneInput);
  if (!phone) throw new AccountError(400, "INVALID_PHONE_NUMBER");
  await sendSmsCode(deps, user, "sms-setup", phone, now);
}

/**
 * mfa/confirmsms (docs/requirements.md#account-and-second-factor): the code texted by addsms turns
 * the SMS factor on.
 */
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
    await enqueueEmail(tx, notice, { kind: accountItemKind, id: user.id });
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
      await enqueueEmail(tx, notice, { kind: accountItemKind, id: user.id });
    }
  });
}
