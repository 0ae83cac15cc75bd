import type { Config } from "~/platform/config.server";
import { expireCookie, parseCookies, serializeCookie } from "~/platform/http/cookies";
import { stateTtlMs } from "./sign-in-states.server";

/**
 * The sign-in's state is also kept in this browser's cookie and must come back in the callback:
 * a callback link made in another browser (to link someone's platform to a foreign account, or
 * sign them in as someone else) finds no matching cookie. SameSite=Lax still sends it on the
 * platform's top-level redirect back to us.
 */
const stateCookieName = (config: Pick<Config, "secureCookies">) =>
  `${config.secureCookies ? "__Host-" : ""}studio_platform_state`;

export function stateCookie(config: Pick<Config, "secureCookies">, state: string) {
  return serializeCookie(stateCookieName(config), state, {
    path: "/",
    sameSite: "Lax",
    httpOnly: true,
    secure: config.secureCookies,
    maxAgeSeconds: stateTtlMs / 1000,
  });
}

export const readStateCookie = (config: Pick<Config, "secureCookies">, header: string | null | undefined) =>
  parseCookies(header).get(stateCookieName(config));

export const clearStateCookie = (config: Pick<Config, "secureCookies">) =>
  `${expireCookie(stateCookieName(config), { path: "/", secure: config.secureCookies })}; HttpOnly`;
