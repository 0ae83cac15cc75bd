import type { Config } from "~/platform/config.server";
import type { CspExtras } from "~/platform/security/headers.server";

/**
 * Outside origins the contact page may use, only when configured: the map's tile server
 * (images) and reCAPTCHA (its script, the frame it runs in and the calls it makes). Unset, the
 * policy stays 'self' only.
 */
export function contactCspExtras(
  config: Pick<Config, "MAP_TILE_URL" | "RECAPTCHA_SITE_KEY" | "RECAPTCHA_SCRIPT_URL">,
): CspExtras {
  const extras: Required<CspExtras> = { scriptSrc: [], imgSrc: [], connectSrc: [], frameSrc: [] };
  if (config.MAP_TILE_URL) extras.imgSrc.push(tileOrigin(config.MAP_TILE_URL));
  if (config.RECAPTCHA_SITE_KEY) {
    const origin = new URL(config.RECAPTCHA_SCRIPT_URL).origin;
    extras.scriptSrc.push(origin);
    extras.connectSrc.push(origin);
    extras.frameSrc.push(origin);
    // Google's api.js pulls the rest of the script from gstatic.
    if (origin === "https://www.google.com") extras.scriptSrc.push("https://www.gstatic.com");
  }
  return extras;
}

/** "https://{s}.tile.example/{z}/{x}/{y}.png" → "https://*.tile.example" (subdomain placeholders). */
export function tileOrigin(template: string): string {
  const [scheme, rest = ""] = template.split("://");
  const host = rest.split("/")[0]!.replace(/\{s\}/, "*");
  return `${scheme}://${host}`;
}
