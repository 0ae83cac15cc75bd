/* Cookie consent's server face. */
export { analyticsCookieNames } from "./consent.server";
export { createConsentApi } from "./consent-api.server";
export { consentKind } from "./consent-kind.server";
export { consentPolicy, cookiesAllowProvider, outsideProviderHost } from "./consent-policy.server";
export { cookieChoicesPart } from "./consent-records.server";
export { siteCookies } from "./cookie-list.server";
export { consentRecordRetentionTask } from "./retention.server";
