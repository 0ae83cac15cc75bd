import type { Config } from "~/platform/config.server";
import { expireCookie, parseCookies, serializeCookie } from "~/platform/http/cookies";
import { defineCookie, hostCookieName } from "~/platform/privacy/cookie-registry.server";
import { sessionTtlSeconds } from "./sessions.server";
import { formatSignedInHint, parseSignedInHint, SIGNED_IN_COOKIE } from "./signed-in-hint";

/**
 * The account's cookies: SameSite=Lax, Path=/; with an https PUBLIC_URL also Secure and
 * `__Host-` prefixed (bound to this host, not settable by a sibling domain). `studio_session`
 * holds the session id and `studio_mfa` the pending second-factor step (5 min), both HttpOnly;
 * `studio_signed_in` says that a session was given and to whom, for the browser to read
 * (docs/decisions/0064-the-sign-in-hint-carries-the-name.md).
 */
export const SESSION_COOKIE = "studio_session";
export const MFA_COOKIE = "studio_mfa";

/**
 * In the site's cookie list. The session changes no page the caches keep: only the account
 * area reads it, and its pages are `private, no-store` (accountPageHeaders); the header shows
 * who is signed in after load, from the sign-in hint. So a signed-in visitor gets the shared copy
 * of every public page (docs/decisions/0060, 0064). The second-factor step stays personal: it lives
 * 5 minutes, between two account pages.
 */
export const accountSiteCookies = [
  defineCookie({
    setBy: "site",
    name: SESSION_COOKIE,
    hostPrefix: true,
    category: "necessary",
    page: { kind: "none" },
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
  defineCookie({
    setBy: "site",
    name: SIGNED_IN_COOKIE,
    hostPrefix: true,
    category: "necessary",
    page: { kind: "none" },
    purpose: {
      en: "Tells the page's script that you are signed in, as which username and until when, so that the header shows your name (it signs nobody in)",
      fr: "Indique au script de la page que vous êtes connecté, sous quel nom d'utilisateur et jusqu'à quand, pour que l'en-tête affiche votre nom (il ne connecte personne)",
      es: "Indica al script de la página que has iniciado sesión, con qué nombre de usuario y hasta cuándo, para que la cabecera muestre tu nombre (no inicia la sesión de nadie)",
    },
    lifetime: {
      en: "48 hours at most, or until you log out",
      fr: "48 heures au plus, ou jusqu'à la déconnexion",
      es: "48 horas como máximo, o hasta que cierres sesión",
    },
  }),
];

export function accountCookieNames(config: Pick<Config, "secureCookies">) {
  return { session: hostCookieName(SESSION_COOKIE, config), mfa: hostCookieName(MFA_COOKIE, config) };
}

const base = (config: Pick<Config, "secureCookies">) =>
  ({ path: "/", sameSite: "Lax", httpOnly: true, secure: config.secureCookies }) as const;

/**
 * The Set-Cookie values of a sign-in: the session, and the hint the browser reads (not HttpOnly;
 * the session's end and the username: signed-in-hint.ts), with the same lifetime so that they
 * end together.
 */
export function sessionCookies(
  config: Pick<Config, "secureCookies">,
  signIn: { token: string; expiresAt: Date; user: { username: string } },
  now = new Date(),
): string[] {
  return [
    serializeCookie(hostCookieName(SESSION_COOKIE, config), signIn.token, {
      ...base(config),
      maxAgeSeconds: cookieSeconds(signIn.expiresAt, now),
    }),
    signedInHintCookie(config, signIn.expiresAt, signIn.user.username, now),
  ];
}

const cookieSeconds = (expiresAt: Date, now: Date) =>
  Math.min(sessionTtlSeconds, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));

/**
 * The hint alone, for a session that goes on under another name (a new username, or a hint of
 * an older form), ending with that session.
 */
export function signedInHintCookie(
  config: Pick<Config, "secureCookies">,
  expiresAt: Date,
  username: string,
  now = new Date(),
): string {
  const value = formatSignedInHint({ until: expiresAt.getTime() / 1000, username });
  return serializeCookie(hostCookieName(SIGNED_IN_COOKIE, config), value, {
    ...base(config),
    httpOnly: false,
    maxAgeSeconds: cookieSeconds(expiresAt, now),
  });
}

/** The Set-Cookie values of a sign-out: the session and its hint deleted. */
export function clearSessionCookies(config: Pick<Config, "secureCookies">): string[] {
  return [clearCookie(config, "session"), clearSignedInHint(config)];
}

/** The hint deleted alone: a request that carried it for a session that is gone. */
export function clearSignedInHint(config: Pick<Config, "secureCookies">): string {
  return expireCookie(hostCookieName(SIGNED_IN_COOKIE, config), { path: "/", secure: config.secureCookies });
}

/**
 * What the hint a request carried needs for the session it found: deleting when the session is
 * gone, writing anew when it names someone else (the account was renamed in another browser) or
 * is of an older form; null when it is right or absent (a browser without it, e.g. an API
 * client, is given none).
 */
export function signedInHintFix(
  config: Pick<Config, "secureCookies">,
  carried: string | undefined,
  session: { expiresAt: Date; user: { username: string } } | null,
): string | null {
  if (carried === undefined) return null;
  if (!session) return clearSignedInHint(config);
  const hint = parseSignedInHint(carried);
  const right =
    hint?.username === session.user.username && hint.until === Math.floor(session.expiresAt.getTime() / 1000);
  return right ? null : signedInHintCookie(config, session.expiresAt, session.user.username);
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
  return {
    session: cookies.get(names.session),
    mfa: cookies.get(names.mfa),
    signedIn: cookies.get(hostCookieName(SIGNED_IN_COOKIE, config)),
  };
}
