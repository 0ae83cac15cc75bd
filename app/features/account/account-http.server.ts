import type { Config } from "~/platform/config.server";
import { expireCookie, parseCookies, serializeCookie } from "~/platform/http/cookies";
import { sessionTtlSeconds } from "./sessions.server";

/**
 * The account's cookies: HttpOnly, SameSite=Lax, Path=/; with an https PUBLIC_URL also Secure
 * and `__Host-` prefixed (bound to this host, not settable by a sibling domain).
 * `studio_session` holds the session id; `studio_mfa` the pending second-factor step (5 min).
 */
export function accountCookieNames(config: Pick<Config, "secureCookies">) {
  const prefix = config.secureCookies ? "__Host-" : "";
  return { session: `${prefix}studio_session`, mfa: `${prefix}studio_mfa` };
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
  return serializeCookie(accountCookieNames(config).session, token, {
    ...base(config),
    maxAgeSeconds: seconds,
  });
}

export function mfaCookie(config: Pick<Config, "secureCookies">, challenge: string) {
  return serializeCookie(accountCookieNames(config).mfa, challenge, { ...base(config), maxAgeSeconds: 300 });
}

export function clearCookie(config: Pick<Config, "secureCookies">, which: "session" | "mfa") {
  return `${expireCookie(accountCookieNames(config)[which], { path: "/", secure: config.secureCookies })}; HttpOnly`;
}

export function readAccountCookies(config: Pick<Config, "secureCookies">, header: string | null | undefined) {
  const cookies = parseCookies(header);
  const names = accountCookieNames(config);
  return { session: cookies.get(names.session), mfa: cookies.get(names.mfa) };
}
