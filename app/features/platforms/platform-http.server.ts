import type { Config } from "~/platform/config.server";
import { expireCookie, parseCookies, serializeCookie } from "~/platform/http/cookies";
import { defineCookie, hostCookieName } from "~/platform/privacy/cookie-registry.server";
import { stateTtlMs } from "./sign-in-states.server";

/**
 * The sign-in's state is also kept in this browser's cookie and must come back in the callback:
 * a callback link made in another browser (to link someone's platform to a foreign account, or
 * sign them in as someone else) finds no matching cookie. SameSite=Lax still sends it on the
 * platform's top-level redirect back to us.
 */
export const PLATFORM_STATE_COOKIE = "studio_platform_state";

/**
 * In the site's cookie list: the visitor is in the middle of their own sign-in, and the callback's
 * page is theirs.
 */
export const platformStateSiteCookie = defineCookie({
  setBy: "site",
  name: PLATFORM_STATE_COOKIE,
  hostPrefix: true,
  category: "necessary",
  page: { kind: "personal" },
  purpose: {
    en: "While you link a platform (Steam, Twitch…) or sign in with it, holds a random one-time code, so that only this browser can finish what it started",
    fr: "Pendant que vous liez une plateforme (Steam, Twitch…) ou vous connectez avec elle, contient un code aléatoire à usage unique, pour que seul ce navigateur puisse terminer ce qu'il a commencé",
    es: "Mientras vinculas una plataforma (Steam, Twitch…) o inicias sesión con ella, guarda un código aleatorio de un solo uso, para que solo este navegador pueda terminar lo que empezó",
  },
  lifetime: {
    en: "10 minutes at most, deleted when you come back",
    fr: "10 minutes au plus, supprimé à votre retour",
    es: "10 minutos como máximo, se borra cuando vuelves",
  },
});

export function stateCookie(config: Pick<Config, "secureCookies">, state: string) {
  return serializeCookie(hostCookieName(PLATFORM_STATE_COOKIE, config), state, {
    path: "/",
    sameSite: "Lax",
    httpOnly: true,
    secure: config.secureCookies,
    maxAgeSeconds: stateTtlMs / 1000,
  });
}

export const readStateCookie = (config: Pick<Config, "secureCookies">, header: string | null | undefined) =>
  parseCookies(header).get(hostCookieName(PLATFORM_STATE_COOKIE, config));

export const clearStateCookie = (config: Pick<Config, "secureCookies">) =>
  `${expireCookie(hostCookieName(PLATFORM_STATE_COOKIE, config), { path: "/", secure: config.secureCookies })}; HttpOnly`;
