/* Cookie consent's public face (safe in the browser): the consent hook and the analytics cookie. */

export { ConsentBanner } from "./ConsentBanner";
export { ConsentProvider, useConsent } from "./ConsentProvider";
export {
  ANALYTICS_CONSENT_COOKIE,
  analyticsAccepted,
  CONSENT_GRANTED,
  consentPageHeaders,
  effectiveRevision,
  FIRST_REVISION,
  gpcRequested,
  readConsent,
} from "./consent-cookies";
