/** What every account file shares: the refusal with its code, the dependencies, the user. */
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import type { Logger } from "~/platform/logging.server";
import type { AccountLimits } from "./account-budgets.server";
import { currentTosVersion } from "./account-forms";
import type { SmsConfig } from "./sms.server";
import type { accountUsers } from "./tables";

/**
 * A refusal with its service error code (docs/requirements.md#service-error-codes); the API answers
 * `{ messages: [code] }` with `status`.
 */
export class AccountError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

export type AccountDeps = {
  db: Db;
  config: Pick<Config, "publicUrl" | "PWNED_PASSWORDS_URL"> & SmsConfig;
  logger: Logger;
  limits: AccountLimits;
};

export type AccountUser = typeof accountUsers.$inferSelect;

/**
 * What the outbox and the data-rights pages call an account: its e-mails (links, codes, notices,
 * to whichever address) are named by it and its id, and go with it (eraseAccount).
 */
export const accountItemKind = "account";

/**
 * What the browser may know of the signed-in user (docs/requirements.md#account-and-second-factor:
 * user and its expiry).
 */
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
