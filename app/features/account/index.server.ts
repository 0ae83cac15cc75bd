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
export { type AccountDeps, AccountError, type AccountUser } from "./account-core.server";
export { accountCookieNames, accountSiteCookies, mfaCookie, sessionCookie } from "./account-http.server";
export { accountApiPart, accountSession } from "./account-openapi.server";
export { attempt } from "./account-writes.server";
export { type LoginResult, startSignIn } from "./login.server";
export { accountPersonalData } from "./personal-data.server";
export { hashPassword, newToken, sha256 } from "./secrets.server";
export { createSession } from "./sessions.server";
export { signedInAccountId } from "./signed-in.server";
