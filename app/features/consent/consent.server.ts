import { z } from "zod";
import type { Config } from "~/platform/config.server";
import { cookieDomainsFor, expireCookie, serializeCookie } from "~/platform/http/cookies";
import { safeLocalPath } from "~/platform/http/same-origin";
import {
  ANALYTICS_CONSENT_COOKIE,
  CONSENT_COOKIE,
  CONSENT_DENIED,
  CONSENT_GRANTED,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_RECORD_COOKIE,
  COOKIE_SETTINGS_PARAM,
  type ConsentRecordCookie,
  consentChoices,
  formatConsentRecord,
} from "./consent-cookies";

/** What the banner's form (or the JSON API) submits. Checkbox values arrive as "1"/"on". */
export const consentSubmissionSchema = z.object({
  choice: z.enum(consentChoices),
  analytics: z
    .union([z.boolean(), z.enum(["1", "on", "true", "0", "false"])])
    .optional()
    .transform((v) => v === true || v === "1" || v === "on" || v === "true"),
  /**
   * The browser shows Global Privacy Control to scripts (`navigator.globalPrivacyControl`): the
   * choice is made under the signal, as with `Sec-GPC: 1`, even when the request lacks the header.
   */
  gpc: z.boolean().optional(),
});
export type ConsentSubmission = z.output<typeof consentSubmissionSchema>;

/**
 * What the banner posts to POST /api/consents: a choice, or (with JavaScript, the first time a
 * browser without a consent id shows Global Privacy Control) the signal alone, recorded without
 * writing the specification's cookies.
 */
export const consentPostSchema = z.union([
  z.strictObject({ signal: z.literal("gpc") }),
  consentSubmissionSchema,
]);
export type ConsentPost = z.output<typeof consentPostSchema>;

/**
 * The cookies an outside analytics provider sets, removed when a visitor rejects analytics.
 * The one list of them: first-party analytics (the default) sets none, so this is empty
 * unless ANALYTICS_COOKIE_NAMES names the provider's cookies.
 */
export function analyticsCookieNames(config: Config): string[] {
  return config.ANALYTICS_COOKIE_NAMES;
}

/**
 * The Set-Cookie values that store a choice (docs/requirements.md#cookie-consent-and-analytics):
 * both cookies for 90 days, Path=/, SameSite=Lax, Secure over HTTPS; without analytics, the
 * provider's cookies are deleted on every domain they may have been set on. Not HttpOnly: the
 * choice is no secret, and the browser re-reads it to correct a page a cache served.
 */
export function consentCookieHeaders(config: Config, analytics: boolean, now = new Date()): string[] {
  const options = cookieOptions(config, now);
  const headers = [
    serializeCookie(CONSENT_COOKIE, CONSENT_GRANTED, options),
    serializeCookie(ANALYTICS_CONSENT_COOKIE, analytics ? CONSENT_GRANTED : CONSENT_DENIED, options),
  ];
  if (!analytics) {
    const host = new URL(config.publicUrl).hostname;
    for (const name of analyticsCookieNames(config)) {
      for (const domain of cookieDomainsFor(host)) {
        headers.push(expireCookie(name, { domain, secure: config.secureCookies }));
      }
    }
  }
  return headers;
}

function cookieOptions(config: Config, now: Date) {
  return {
    maxAgeSeconds: CONSENT_MAX_AGE_SECONDS,
    sameSite: "Lax" as const,
    secure: config.secureCookies,
    path: "/",
    now,
  };
}

/**
 * The Set-Cookie value of the record cookie (`<consent id>.<revision>`), stored like the
 * specification's two: strictly necessary, 90 days, not HttpOnly (the browser reads the revision
 * to correct a page a cache served; the id is no secret from the visitor it identifies).
 */
export function consentRecordCookieHeader(
  config: Config,
  record: ConsentRecordCookie,
  now = new Date(),
): string {
  return serializeCookie(CONSENT_RECORD_COOKIE, formatConsentRecord(record), cookieOptions(config, now));
}

/**
 * Where the no-JavaScript form returns after storing a choice: a path on this site only
 * (an open redirect would let other sites borrow our address), without the parameter that
 * reopened the banner.
 */
export function safeReturnTo(value: unknown, requestUrl: string): string {
  const target = new URL(safeLocalPath(value, requestUrl), requestUrl);
  target.searchParams.delete(COOKIE_SETTINGS_PARAM);
  return safeLocalPath(target, requestUrl);
}
