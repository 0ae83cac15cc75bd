/*
 * The account's writes as use cases, each used by its page's action and by its JSON endpoint:
 * the form tier's counter it spends and the service it runs, answering an Outcome, so the page
 * and the API cannot count, refuse or word a refusal differently.
 */
import { type Outcome, ok, type Refusal, refuse } from "~/platform/http/outcome";
import { AccountError } from "./account-core.server";
import { login, submitCode } from "./login.server";
import { forgotPassword, resetPassword, updatePassword } from "./passwords.server";
import {
  acceptTos,
  deleteAccount,
  endOtherSessions,
  globalLogout,
  updateEmail,
  updateProfile,
} from "./settings.server";
import { createAccount, resendVerification, validateEmail } from "./sign-up.server";
import { addSms, confirmSms, removeMfa } from "./sms-factor.server";
import { addTotp, confirmTotp, regenerateRecoveryCodes } from "./totp.server";

/** A refusal of the account services (AccountError); a spent failure budget says when to retry. */
export function accountRefusal(err: AccountError): Refusal {
  return refuse(err.status, err.code, err.status === 429 ? { headers: { "Retry-After": "900" } } : {});
}

/** Runs an account service: its answer, or its refusal. Any other error is the site's own. */
export async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return ok(await run());
  } catch (err) {
    if (err instanceof AccountError) return accountRefusal(err);
    throw err;
  }
}

/**
 * One write: `limit` names its counter in the form tier (`account-<limit>`, per client), spent
 * before anything is read by the page's guardPost and the API's middleware alike; `run` is the
 * use case. Writes of one page share its counter.
 */
function write<A extends unknown[], T>(limit: string, service: (...args: A) => Promise<T>) {
  return { limit, run: (...args: A) => attempt(() => service(...args)) };
}

/**
 * Started, not awaited: the answer must not take longer when an account exists. The work
 * reports its own failures (see `detached` in account-helpers).
 */
function detachedWrite<A extends unknown[]>(limit: string, service: (...args: A) => Promise<void>) {
  return {
    limit,
    run: async (...args: A): Promise<Outcome> => {
      void service(...args);
      return ok();
    },
  };
}

export const accountWrites = {
  createAccount: write("create", createAccount),
  validateEmail: write("verify", validateEmail),
  resendVerification: detachedWrite("resend", resendVerification),
  login: write("login", login),
  submitCode: write("code", submitCode),
  forgotPassword: detachedWrite("forgot", forgotPassword),
  resetPassword: write("reset", resetPassword),
  updateProfile: write("profile", updateProfile),
  updateEmail: write("profile", updateEmail),
  acceptTos: write("terms", acceptTos),
  deleteAccount: write("delete", deleteAccount),
  updatePassword: write("security", updatePassword),
  addTotp: write("security", addTotp),
  confirmTotp: write("security", confirmTotp),
  addSms: write("security", addSms),
  confirmSms: write("security", confirmSms),
  regenerateRecoveryCodes: write("security", regenerateRecoveryCodes),
  removeMfa: write("security", removeMfa),
  endOtherSessions: write("security", endOtherSessions),
  /** The page counts its sign-out form; the API's logouts are not counted (they never fail). */
  globalLogout: write("logout", globalLogout),
};

/** The pages' words for a refusal: its code translated under `messages:msg.`. */
export const accountFormTexts = (refusal: Refusal) => [`messages:msg.${refusal.code}`];
