import type { KeyPart } from "~/platform/cache/page-cache.server";
import type { Config } from "~/platform/config.server";
import type { Language, Localized } from "~/platform/i18n/languages";

/**
 * The site's cookies, each described once where it is written (docs/requirements.md#cookie-consent-and-analytics:
 * every cookie the site sets is listed in docs/privacy/cookies.md and the privacy page). A
 * feature (or a platform or ui module) that writes a cookie defines it with `defineCookie`
 * beside its name constant, and `siteCookies()` (features/consent/cookie-list.server.ts) lists
 * them. From that list come the privacy page's cookie table (`{{cookies.table}}`), the banner's
 * categories (GET /api/configs/consents), docs/privacy/cookies.md (`npm run docs:cookies`) and
 * the page cache's cookie lists. Its texts are part of the privacy policy, written in the three
 * languages beside the cookie they describe; only the server reads them.
 */

/** The banner's categories (docs/requirements.md#cookie-consent-and-analytics), in its order. */
export const cookieCategories = ["necessary", "analytics"] as const;
export type CookieCategory = (typeof cookieCategories)[number];

/**
 * What a cookie does to the page a request renders, which the page cache follows
 * (app/platform/cache/page-cache.server.ts):
 * - `rendered`: the page is rendered from it (the consent cookies): its value, or what
 *   `variant` reads of it, is part of the cached page's key;
 * - `personal`: the page is the visitor's own (a one-time message, their votes): a
 *   request carrying it is never served from the cache, nor stored;
 * - `none`: it never changes a page the cache keeps (an outside provider's cookies; the session,
 *   which only private pages read), like every cookie the site does not know.
 */
export type PageEffect =
  | { kind: "rendered"; variant?: (value: string | undefined) => string | null }
  | { kind: "personal" }
  | { kind: "none" };

type Described = {
  category: CookieCategory;
  purpose: Localized;
  /** As long as it lives in the browser, in words ("90 days", "5 minutes"). */
  lifetime: Localized;
  page: PageEffect;
};

/** A cookie the site writes itself (Set-Cookie or, for a deletion, `document.cookie`). */
export type OwnCookie = Described & {
  setBy: "site";
  name: string;
  /** Named `__Host-<name>` when the site is served over https (bound to this host). */
  hostPrefix?: boolean;
};

/**
 * Cookies an outside provider sets when the operators configure one: their names are a
 * setting's (`setting`, read by `names`), so the table describes them in words.
 */
export type OutsideCookies = Described & {
  setBy: "outside";
  /** What the table's first column says instead of a name. */
  label: Localized;
  /** The setting that names them. */
  setting: string;
  names: (config: Pick<Config, "ANALYTICS_COOKIE_NAMES">) => readonly string[];
};

export type SiteCookie = OwnCookie | OutsideCookies;

/** Identity, typed: each writer of a cookie writes `defineCookie({ … })`. */
export const defineCookie = <T extends SiteCookie>(cookie: T): T => cookie;

/** `__Host-<name>` when cookies are secure (an https PUBLIC_URL): not settable by a sibling domain. */
export function hostCookieName(name: string, config: Pick<Config, "secureCookies">): string {
  return config.secureCookies ? `__Host-${name}` : name;
}

type NamingConfig = Pick<Config, "secureCookies" | "ANALYTICS_COOKIE_NAMES">;

/** The names a cookie has in the browser under this configuration. */
export function cookieNames(cookie: SiteCookie, config: NamingConfig): readonly string[] {
  if (cookie.setBy === "outside") return cookie.names(config);
  return [cookie.hostPrefix ? hostCookieName(cookie.name, config) : cookie.name];
}

/**
 * What the page cache is given (server/app.ts): the cookies pages are rendered from (keyed, in
 * the list's order) and the personal ones, which keep a request away from the cache. Any other
 * cookie, the site's own of kind `none` and every cookie the site does not know, changes no page
 * and is ignored (docs/decisions/0053-only-the-sites-cookies-change-a-page.md).
 */
export function pageCacheCookies(cookies: readonly SiteCookie[], config: NamingConfig) {
  const pageCookies: KeyPart[] = [];
  const personalCookies: string[] = [];
  for (const cookie of cookies) {
    for (const name of cookieNames(cookie, config)) {
      if (cookie.page.kind === "rendered") {
        const { variant } = cookie.page;
        pageCookies.push(variant ? { name, variant } : name);
      } else if (cookie.page.kind === "personal") personalCookies.push(name);
    }
  }
  return { pageCookies, personalCookies };
}

/**
 * The table's own words, beside the entries' (privacy policy text, not interface text). The
 * category closes the purpose, in parentheses, rather than taking a fourth column: three columns
 * are what a phone's width holds.
 */
const tableWords = {
  en: {
    head: ["Cookie", "Purpose", "Lifetime"],
    onHttps: "on https",
    categories: { necessary: "strictly necessary", analytics: "statistics, only with your consent" },
  },
  fr: {
    head: ["Témoin", "Fin", "Durée"],
    onHttps: "en https",
    categories: {
      necessary: "strictement nécessaire",
      analytics: "statistiques, seulement avec votre consentement",
    },
  },
  es: {
    head: ["Cookie", "Finalidad", "Duración"],
    onHttps: "con https",
    categories: {
      necessary: "estrictamente necesaria",
      analytics: "estadísticas, solo con tu consentimiento",
    },
  },
} satisfies Record<Language, { head: string[]; onHttps: string; categories: Record<CookieCategory, string> }>;

/** A table cell: Markdown's cell separator and line breaks would break the row. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

/**
 * The cookie table of the privacy page in one language, as Markdown: one row per cookie, in the
 * list's order, its category after its purpose; a `__Host-` name is given beside the plain one,
 * an outside provider's cookies in words with the setting that names them.
 */
export function cookieTable(cookies: readonly SiteCookie[], lang: Language): string {
  const words = tableWords[lang];
  const rows = cookies.map((cookie) => {
    const name =
      cookie.setBy === "outside"
        ? `${cookie.label[lang]} (\`${cookie.setting}\`)`
        : cookie.hostPrefix
          ? `\`${cookie.name}\` (\`__Host-${cookie.name}\` ${words.onHttps})`
          : `\`${cookie.name}\``;
    const purpose = `${cookie.purpose[lang]} (${words.categories[cookie.category]})`;
    return [name, purpose, cookie.lifetime[lang]];
  });
  return [words.head, words.head.map(() => "---"), ...rows]
    .map((row) => `| ${row.map(cell).join(" | ")} |`)
    .join("\n");
}
