/* Cookie consent's public face (safe in the browser): the consent hook and the analytics cookie. */
export { useConsent } from "./ConsentProvider";
export { ANALYTICS_CONSENT_COOKIE, CONSENT_GRANTED } from "./consent-cookies";
