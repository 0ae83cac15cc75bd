/* Cookie consent's server face. */
export { analyticsCookieNames } from "./consent.server";
export { consentKind, consentRevision } from "./consent-kind.server";
