/* Accounts' server face: sessions, errors, the API helpers and the secrets the platforms feature signs in with. */

export {
  accountFormLimit,
  apiHandler,
  apiSession,
  createAccountApi,
  requestLanguage,
  requireApiSession,
  sameSiteOnly,
} from "./account-api.server";
export { accountDeps } from "./account-budgets.server";
export { type AccountDeps, AccountError, type AccountUser, publicUser } from "./account-core.server";
export {
  acceptTosSchema,
  codeSchema,
  createAccountSchema,
  currentTosVersion,
  forgotSchema,
  loginSchema,
  passwordOnlySchema,
  recoveryProofSchema,
  resetSchema,
  tokenSchema,
  updateEmailSchema,
  updatePasswordSchema,
  updateProfileSchema,
} from "./account-forms";
export {
  accountCookieNames,
  accountSiteCookies,
  clearCookie,
  clearSessionCookies,
  mfaCookie,
  sessionCookies,
} from "./account-http.server";
export { accountApiPart, accountSession } from "./account-openapi.server";
export {
  accountContext,
  accountPageHeaders,
  accountSeo,
  currentSession,
  formStep,
  guardPost,
  keepHintNamed,
  noStore,
  refused,
  requireSession,
  signedInRedirect,
} from "./account-route.server";
export { accountWrites, attempt } from "./account-writes.server";
export { type LoginResult, startSignIn } from "./login.server";
export { type AccountDataPart, accountPersonalData } from "./personal-data.server";
export { accountRetentionTask } from "./retention.server";
export { hashPassword, newToken, sha256 } from "./secrets.server";
export { createSession, endSession } from "./sessions.server";
export { listSessions } from "./settings.server";
export { signedInAccountId } from "./signed-in.server";
export { smsSetupSchema } from "./sms-setup-form";
// Its tables, for the features that join or read them.
export { accountUsers } from "./tables";
export { totpSetup } from "./totp.server";
