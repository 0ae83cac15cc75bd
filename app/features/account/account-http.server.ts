import type { Config } from "~/platform/config.server";
import { expireCookie, parseCookies, serializeCookie } from "~/platform/http/cookies";
import { defineCookie, hostCookieName } from "~/platform/privacy/cookie-registry.server";
import { sessionTtlSeconds } from "./sessions.server";

/**
 * The account's cookies: HttpOnly, SameSite=Lax, Path=/; with an https PUBLIC_URL also Secure
 * and `__Host-` prefixed (bound to this host, not settable by a sibling domain).
 * `studio_session` holds the session id; `studio_mfa` the pending second-factor step (5 min).
 */
export const SESSION_COOKIE = "studio_session";
export const MFA_COOKIE = "studio_mfa";

/** In the site's cookie list: a signed-in visitor's pages are their own. */
export const accountSiteCookies = [
  defineCookie({
    setBy: "site",
    name: SESSION_COOKIE,
    hostPrefix: true,
    category: "necessary",
    page: { kind: "personal" },
    purpose: {
      en: "Keeps you signed in to your account: a random session id, stored on our side only as a hash",
      fr: "Vous garde connecté à votre compte : un identifiant de session aléatoire, que nous ne conservons que sous forme de hachage",
      es: "Mantiene tu sesión iniciada en tu cuenta: un identificador de sesión aleatorio que solo guardamos como hash",
    },
    lifetime: {
      en: "48 hours at most, or until you log out",
      fr: "48 heures au plus, ou jusqu'à la déconnexion",
      es: "48 horas como máximo, o hasta que cierres sesión",
    },
  }),
  defineCookie({
    setBy: "site",
    name: MFA_COOKIE,
    hostPrefix: true,
    category: "necessary",
    page: { kind: "personal" },
    purpose: {
      en: "Remembers, between your password and your two-step code, that the password was right",
      fr: "Retient, entre votre mot de passe et votre code de vérification en deux étapes, que le mot de passe était bon",
      es: "Recuerda, entre tu contraseña y tu código de verificación en dos pasos, que la contraseña era correcta",
    },
    lifetime: { en: "5 minutes", fr: "5 minutes", es: "5 minutos" },
  }),
];

export function accountCookieNames(config: Pick<Config, "secureCookies">) {
  return { session: hostCookieName(SESSION_COOKIE, config), mfa: hostCookieName(MFA_COOKIE, config) };
}

const base = (config: Pick<Config, "secureCookies">) =>
  ({ path: "/", sameSite: "Lax", httpOnly: true, secure: config.secureCookies }) as const;

export function sessionCookie(
  config: Pick<Config, "secureCookies">,
  token: string,
  expiresAt: Date,
  now = new Date(),
) {
  const seconds = Math.min(sessionTtlSeconds, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return serializeCookie(hostCookieName(SESSION_COOKIE, config), token, {
    ...base(config),
    maxAgeSeconds: seconds,
  });
}

export function mfaCookie(config: Pick<Config, "secureCookies">, challenge: string) {
  return serializeCookie(hostCookieName(MFA_COOKIE, config), challenge, {
    ...base(config),
    maxAgeSeconds: 300,
  });
}

export function clearCookie(config: Pick<Config, "secureCookies">, which: "session" | "mfa") {
  const deleted = expireCookie(hostCookieName(which === "session" ? SESSION_COOKIE : MFA_COOKIE, config), {
    path: "/",
    secure: config.secureCookies,
  });
  return `${deleted}; HttpOnly`;
}

export function readAccountCookies(config: Pick<Config, "secureCookies">, header: string | null | undefined) {
  const cookies = parseCookies(header);
  const names = accountCookieNames(config);
  return { session: cookies.get(names.session), mfa: cookies.get(names.mfa) };
}
