import { redirect } from "react-router";
import { z } from "zod";
import type { Config } from "~/platform/config.server";
import { expireCookie, parseCookies, serializeCookie } from "~/platform/http/cookies";
import { safeLocalPath } from "~/platform/http/same-origin";
import { defineCookie } from "~/platform/privacy/cookie-registry.server";
import type { Flash } from "./feedback-store";

/**
 * One-time messages across a redirect ("Your job alert has been created"): an action stores
 * them in a short-lived cookie, the next page's root loader reads and deletes it, and the
 * toasts render on the server, so visitors without JavaScript see them too.
 */
export const FLASH_COOKIE = "studio_flash";
/** Long enough for the redirect to be followed, short enough to never surprise later. */
const FLASH_MAX_AGE_SECONDS = 60;

/** In the site's cookie list: the page that shows the message is that visitor's alone. */
export const flashSiteCookie = defineCookie({
  setBy: "site",
  name: FLASH_COOKIE,
  category: "necessary",
  page: { kind: "personal" },
  purpose: {
    en: 'Carries a one-time message (such as "Your job alert has been created") to the next page, then is deleted',
    fr: "Transmet un message ponctuel (comme « Votre alerte d'emploi a été créée ») à la page suivante, puis est supprimé",
    es: "Lleva un mensaje puntual (como «Se ha creado tu alerta de empleo») a la página siguiente y después se borra",
  },
  lifetime: { en: "60 seconds at most", fr: "60 secondes au plus", es: "60 segundos como máximo" },
});

const flashSchema: z.ZodType<Flash> = z.object({
  kind: z.enum(["success", "error", "info"]),
  /** Message codes or catalog keys, translated when shown (translate-message.ts). */
  messages: z.array(z.string().min(1).max(300)).min(1).max(5),
});

export type { Flash };

/** The Set-Cookie value carrying a flash to the next page. */
export function flashCookie(config: Config, flash: Flash): string {
  const value = Buffer.from(JSON.stringify(flashSchema.parse(flash))).toString("base64url");
  return serializeCookie(FLASH_COOKIE, value, {
    maxAgeSeconds: FLASH_MAX_AGE_SECONDS,
    httpOnly: true,
    sameSite: "Lax",
    secure: config.secureCookies,
  });
}

/** `redirect()` to a page of this site that shows `flash` there. */
export function redirectWithFlash(
  url: string,
  flash: Flash,
  config: Config,
  init: ResponseInit = {},
): Response {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", flashCookie(config, flash));
  return redirect(safeLocalPath(url), { status: init.status ?? 303, headers });
}

/**
 * `redirect()` to a page that confirms in its own content ("Your message has been sent" where the
 * form was, from `?sent`): no flash, since a toast repeating the page's words is one confirmation
 * too many, and it covered the heading and the cookie banner.
 */
export function redirectToConfirmation(url: string): Response {
  return redirect(safeLocalPath(url), 303);
}

/**
 * Whether the browser is fetching ahead of a visit (React Router's `<link rel="prefetch">` of a
 * page's data): `Sec-Purpose: prefetch` (or the older `Purpose`). Such a request is not a visit,
 * and what it answers may never be shown.
 */
export function isPrefetch(request: Request): boolean {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  return purpose.toLowerCase().includes("prefetch");
}

/**
 * Reads this request's flash and, when there was one, the Set-Cookie value that deletes it
 * (a flash shows once). A cookie that does not decode is dropped silently. A prefetch leaves
 * it: the links of the page a form was sent from are prefetched while the form's redirect is on
 * its way, and a prefetch that took the flash would show it to nobody.
 */
export function takeFlash(request: Request, config: Config): { flash: Flash | null; setCookie?: string } {
  if (isPrefetch(request)) return { flash: null };
  const raw = parseCookies(request.headers.get("Cookie")).get(FLASH_COOKIE);
  if (raw === undefined) return { flash: null };
  const setCookie = expireCookie(FLASH_COOKIE, { secure: config.secureCookies });
  try {
    const parsed = flashSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return { flash: parsed.success ? parsed.data : null, setCookie };
  } catch {
    return { flash: null, setCookie };
  }
}
