import { z } from "zod";
import { embedProviders } from "~/features/embeds";
import type { Config } from "~/platform/config.server";
import { cookieDomainsFor, expireCookie, serializeCookie } from "~/platform/http/cookies";
import { safeLocalPath } from "~/platform/http/same-origin";
import { languages } from "~/platform/i18n/languages";
import { defineCookie } from "~/platform/privacy/cookie-registry.server";
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
  consentRecordVariant,
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
  /** The language of the banner the choice was made on: the record keeps it and its text's version. */
  lang: z.enum(languages).optional(),
});
export type ConsentSubmission = z.output<typeof consentSubmissionSchema>;

/**
 * "Always load …" ticked or unticked on a player or the map (features/embeds): recorded like a
 * choice, under the visitor's consent id, with the banner's language.
 */
export const embedChoiceSchema = z.strictObject({
  embed: z.enum(embedProviders),
  always: z.boolean(),
  lang: z.enum(languages).optional(),
});

/**
 * What the banner posts to POST /api/consents: a choice, or (with JavaScript, the first time a
 * browser without a consent id shows Global Privacy Control) the signal alone, recorded without
 * writing the specification's cookies.
 */
export const consentPostSchema = z.union([
  z.strictObject({ signal: z.literal("gpc"), lang: z.enum(languages).optional() }),
  embedChoiceSchema,
  consentSubmissionSchema,
]);
export type ConsentPost = z.output<typeof consentPostSchema>;

/**
 * The cookies an outside analytics provider sets, removed when a visitor rejects analytics.
 * The one list of them: first-party analytics (the default) sets none, so this is empty
 * unless ANALYTICS_COOKIE_NAMES names the provider's cookies.
 */
export function analyticsCookieNames(config: Pick<Config, "ANALYTICS_COOKIE_NAMES">): string[] {
  return config.ANALYTICS_COOKIE_NAMES;
}

const ninetyDays = { en: "90 days", fr: "90 jours", es: "90 días" };

/**
 * The consent cookies in the site's cookie list (features/consent/cookie-list.server.ts): pages
 * are rendered from them (the banner, analytics on or off), of the record cookie only from its
 * revision, never its id, so visitors of one revision share a cached page.
 */
export const consentSiteCookies = [
  defineCookie({
    setBy: "site",
    name: CONSENT_COOKIE,
    category: "necessary",
    page: { kind: "rendered" },
    purpose: {
      en: "Remembers that you made a choice in the cookie banner",
      fr: "Retient que vous avez fait un choix dans le bandeau des témoins",
      es: "Recuerda que has elegido una opción en el aviso de cookies",
    },
    lifetime: ninetyDays,
  }),
  defineCookie({
    setBy: "site",
    name: ANALYTICS_CONSENT_COOKIE,
    category: "necessary",
    page: { kind: "rendered" },
    purpose: {
      en: "Remembers whether you allow page-view statistics (`1`) or not (`0`)",
      fr: "Retient si vous acceptez les statistiques de pages vues (`1`) ou non (`0`)",
      es: "Recuerda si permites las estadísticas de páginas vistas (`1`) o no (`0`)",
    },
    lifetime: ninetyDays,
  }),
  defineCookie({
    setBy: "site",
    name: CONSENT_RECORD_COOKIE,
    category: "necessary",
    page: { kind: "rendered", variant: consentRecordVariant },
    purpose: {
      en: "Holds a random consent id and the version of our cookie policy your choice was made under, so we can keep a record of your choices and ask again when the policy changes; it names no one",
      fr: "Contient un identifiant de consentement aléatoire et la version de notre politique sur les témoins sous laquelle vous avez fait votre choix, pour garder une trace de vos choix et vous redemander quand la politique change; il n'identifie personne",
      es: "Guarda un identificador de consentimiento aleatorio y la versión de nuestra política de cookies con la que elegiste, para llevar un registro de tus elecciones y volver a preguntarte cuando la política cambie; no identifica a nadie",
    },
    lifetime: ninetyDays,
  }),
];

/**
 * An outside analytics provider's cookies (ANALYTICS_COOKIE_NAMES), set by the provider's script
 * when one is configured and the visitor accepted analytics: they never change a page.
 */
export const outsideAnalyticsSiteCookies = defineCookie({
  setBy: "outside",
  setting: "ANALYTICS_COOKIE_NAMES",
  names: analyticsCookieNames,
  category: "analytics",
  page: { kind: "none" },
  label: {
    en: "The outside statistics provider's cookies, when one is configured",
    fr: "Les témoins du fournisseur de statistiques externe, s'il y en a un",
    es: "Las cookies del proveedor externo de estadísticas, si lo hay",
  },
  purpose: {
    en: "Set by the outside analytics provider when configured, only after you accept statistics, to count your visits its own way; deleted as soon as you refuse or withdraw consent",
    fr: "Déposés par le fournisseur de statistiques externe quand il est configuré, seulement après que vous avez accepté les statistiques, pour compter vos visites à sa façon; supprimés dès que vous refusez ou retirez votre consentement",
    es: "Las pone el proveedor externo de estadísticas cuando está configurado, solo después de que aceptes las estadísticas, para contar tus visitas a su manera; se borran en cuanto rechazas o retiras tu consentimiento",
  },
  lifetime: {
    en: "Set by the provider, until you refuse or withdraw consent",
    fr: "Fixée par le fournisseur, jusqu'à ce que vous refusiez ou retiriez votre consentement",
    es: "La que fije el proveedor, hasta que rechaces o retires tu consentimiento",
  },
});

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
