import { parseCookies } from "~/platform/http/cookies";

/**
 * The consent record, exactly as docs/requirements.md#cookie-consent-and-analytics names it (the
 * analytics cookie's spelling "analytcs" is the specification's and must not be corrected: other
 * tools may read these cookies).
 */
export const CONSENT_COOKIE = "cookieconsent_status";
export const ANALYTICS_CONSENT_COOKIE = "cookieanalytcs_status";
export const CONSENT_GRANTED = "1";
export const CONSENT_DENIED = "0";
export const CONSENT_MAX_AGE_DAYS = 90;
export const CONSENT_MAX_AGE_SECONDS = CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;

/**
 * The site's own third strictly necessary cookie (docs/decisions/0020-consent-records-and-gpc.md):
 * `<consent id>.<revision>`, the random id the server's records of the visitor's choices are
 * filed under and the effective revision the choice was made under (below). 90 days, like the
 * specification's two.
 */
export const CONSENT_RECORD_COOKIE = "cookieconsent_record";

/** The policy's first revision: a choice stored before revisions existed was made under it. */
export const FIRST_REVISION = 1;

/** The query parameter the footer's 'Cookie settings' link sets to reopen the banner. */
export const COOKIE_SETTINGS_PARAM = "cookie-settings";

export type ConsentState = {
  /**
   * A choice was stored under the current revision of the policy: the banner stays closed until
   * the visitor asks for it.
   */
  decided: boolean;
  /** Analytics may run (only ever true when a current choice was stored). */
  analytics: boolean;
  /** The browser sends Global Privacy Control: analytics stays off until an explicit accept. */
  gpc: boolean;
  /** A consent id is stored, so there are records to show and a receipt to download. */
  recorded: boolean;
  /**
   * The stored choice grants analytics but the browser sends Global Privacy Control: analytics
   * waits for the server (POST /api/consents `{ signal: "gpc" }`), which knows from the records
   * whether that grant was made under the signal (it stands) or before it (the signal wins,
   * docs/decisions/0042-consent-provider-revision-and-refusals.md).
   */
  pendingSignal: boolean;
};

/**
 * The effective revision a choice is made under (docs/decisions/0042): the policy's `revision`
 * (content/consent.yaml), followed, when outside providers are configured, by a digest of their
 * origins: `3`, or `3-1a2b3c4d`. Without an outside provider it is the policy's revision alone,
 * as before providers counted, so a cookie written then still reads the same.
 */
export type EffectiveRevision = string;

const revisionPattern = /^([1-9][0-9]{0,8})(?:-([0-9a-f]{8}))?$/;

/** The effective revision of a policy revision and a providers' digest (null: none). */
export function effectiveRevision(policy: number, providers: string | null): EffectiveRevision {
  return providers ? `${policy}-${providers}` : String(policy);
}

/** An effective revision's parts; null when it is not one this site writes. */
export function parseRevision(value: string): { policy: number; providers: string | null } | null {
  const match = revisionPattern.exec(value);
  if (!match?.[1]) return null;
  return { policy: Number(match[1]), providers: match[2] ?? null };
}

export type ConsentRecordCookie = { consentId: string; revision: EffectiveRevision };

const recordPattern =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9][0-9]{0,8}(?:-[0-9a-f]{8})?)$/;

/** The record cookie's id and revision; null when absent or not one this site wrote. */
export function parseConsentRecord(value: string | null | undefined): ConsentRecordCookie | null {
  const match = value ? recordPattern.exec(value) : null;
  if (!match?.[1] || !match[2]) return null;
  return { consentId: match[1], revision: match[2] };
}

export function formatConsentRecord(record: ConsentRecordCookie): string {
  return `${record.consentId}.${record.revision}`;
}

/**
 * What a page reads of the record cookie, for the page cache's key: its effective revision (null
 * when absent). Never the id, so visitors of one revision share the cached page.
 */
export function consentRecordVariant(value: string | undefined): string | null {
  return parseConsentRecord(value)?.revision ?? null;
}

/**
 * The request header a page is rendered from besides the consent cookies (which the site's
 * cookie list gives the page cache: features/consent/cookie-list.server.ts), for the page
 * cache's key: Global Privacy Control (Sec-GPC, which the pages' Vary names too).
 */
export const consentPageHeaders = [
  { name: "Sec-GPC", variant: (value: string | undefined) => (gpcRequested(value) ? "1" : null) },
];

/**
 * Whether a choice stored under `stored` (null: before revisions existed, the first) still stands
 * under `current`: a policy revision as new or newer, and the same outside providers. A choice
 * made under other providers (none, or others) is asked again, whatever its policy revision.
 */
export function isRevisionCurrent(stored: EffectiveRevision | null, current: EffectiveRevision): boolean {
  const was = parseRevision(stored ?? String(FIRST_REVISION));
  const now = parseRevision(current);
  if (!was || !now) return false;
  return was.policy >= now.policy && was.providers === now.providers;
}

/** Global Privacy Control as a request header carries it (`Sec-GPC: 1`). */
export function gpcRequested(header: string | null | undefined): boolean {
  return header?.trim() === "1";
}

/** The three buttons of the banner (docs/requirements.md#cookie-consent-and-analytics). */
export const consentChoices = ["accept-all", "confirm", "reject"] as const;
export type ConsentChoice = (typeof consentChoices)[number];

/**
 * docs/requirements.md#cookie-consent-and-analytics: 'Accept All' grants analytics; 'Confirm my
 * choices' grants it only when the Analytics box is ticked; reject never does.
 */
export function analyticsGranted(choice: ConsentChoice, analyticsTicked: boolean): boolean {
  if (choice === "accept-all") return true;
  if (choice === "confirm") return analyticsTicked;
  return false;
}

/**
 * Whether a request's cookies say the visitor accepted analytics, under any revision: their
 * pages may carry what tracks, so no shared cache may keep them (the page cache's
 * `privateWhen`, docs/decisions/0053-only-the-sites-cookies-change-a-page.md).
 */
export function analyticsAccepted(cookies: ReadonlyMap<string, string>): boolean {
  return cookies.get(ANALYTICS_CONSENT_COOKIE) === CONSENT_GRANTED;
}

/**
 * Reads the stored choice from a Cookie header or `document.cookie`, against the current
 * effective `revision` (a choice made under an older policy or other outside providers is asked
 * again) and with the browser's privacy signal (`gpc`): a stored grant waits for the server
 * (`pendingSignal`) while the signal is on.
 */
export function readConsent(
  cookieHeader: string | null | undefined,
  options: { revision?: EffectiveRevision; gpc?: boolean } = {},
): ConsentState {
  const cookies = parseCookies(cookieHeader);
  const status = cookies.get(CONSENT_COOKIE);
  const record = parseConsentRecord(cookies.get(CONSENT_RECORD_COOKIE));
  const current = isRevisionCurrent(record?.revision ?? null, options.revision ?? String(FIRST_REVISION));
  // A value other than 1/0 is not a choice the banner made: ask again.
  const decided = current && (status === CONSENT_GRANTED || status === CONSENT_DENIED);
  const granted = decided && analyticsAccepted(cookies);
  const gpc = options.gpc === true;
  return {
    decided,
    analytics: granted && !gpc,
    gpc,
    recorded: record !== null,
    pendingSignal: granted && gpc,
  };
}
