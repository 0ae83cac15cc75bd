/* Accounts' server face: sessions, errors, the API helpers and the secrets the platforms feature signs in with. */
export { type AccountDeps, AccountError, type AccountUser } from "./account-core.server";
export { uniqueViolation } from "./account-helpers.server";
export { type LoginResult, startSignIn } from "./login.server";
export { createSession } from "./sessions.server";
export {
  accountDeps,
  apiHandler,
  apiSession,
  createAccountApi,
  requestLanguage,
  requireApiSession,
  sameSiteOnly,
} from "./account-api.server";
export { accountCookieNames, mfaCookie, sessionCookie } from "./account-http.server";
export { hashPassword, newToken, sha256 } from "./secrets.server";
