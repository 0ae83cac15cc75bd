import { parseCookies } from "~/platform/http/cookies";

/**
 * The consent record, exactly as SPEC §9 names it (the analytics cookie's spelling
 * "analytcs" is the spec's and must not be corrected: other tools may read these cookies).
 */
export const CONSENT_COOKIE = "cookieconsent_status";
export const ANALYTICS_CONSENT_COOKIE = "cookieanalytcs_status";
export const CONSENT_GRANTED = "1";
export const CONSENT_DENIED = "0";
export const CONSENT_MAX_AGE_DAYS = 90;
export const CONSENT_MAX_AGE_SECONDS = CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;

/** The query parameter the footer's 'Cookie settings' link sets to reopen the banner. */
export const COOKIE_SETTINGS_PARAM = "cookie-settings";

export type ConsentState = {
  /** A choice was stored: the banner stays closed until the visitor asks for it. */
  decided: boolean;
  /** Analytics may run (only ever true when a choice was stored). */
  analytics: boolean;
};

/** The three buttons of the banner (SPEC §4). */
export const consentChoices = ["accept-all", "confirm", "reject"] as const;
export type ConsentChoice = (typeof consentChoices)[number];

/**
 * SPEC §4: 'Accept All' grants analytics; 'Confirm my choices' grants it only when the
 * Analytics box is ticked; reject never does.
 */
export function analyticsGranted(choice: ConsentChoice, analyticsTicked: boolean): boolean {
  if (choice === "accept-all") return true;
  if (choice === "confirm") return analyticsTicked;
  return false;
}

/** Reads the stored choice from a Cookie header or `document.cookie`. */
export function readConsent(cookieHeader: string | null | undefined): ConsentState {
  const cookies = parseCookies(cookieHeader);
  const status = cookies.get(CONSENT_COOKIE);
  // A value other than 1/0 is not a choice the banner made: ask again.
  const decided = status === CONSENT_GRANTED || status === CONSENT_DENIED;
  return { decided, analytics: decided && cookies.get(ANALYTICS_CONSENT_COOKIE) === CONSENT_GRANTED };
}
