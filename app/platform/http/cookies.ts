/**
 * Reading and writing cookie headers by hand: the consent cookies must hold the literal values
 * `1` and `0` (docs/requirements.md#cookie-consent-and-analytics), which React Router's
 * `createCookie` would encode as signed JSON. Used by the server (Cookie / Set-Cookie headers) and
 * the browser (`document.cookie`).
 */

/** The token characters RFC 6265 allows in a cookie name. */
export const cookieNamePattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Parses a `Cookie` header (or `document.cookie`); the first value of a repeated name wins. */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

export type CookieOptions = {
  /** Lifetime in seconds; 0 deletes the cookie. Omitted: a session cookie. */
  maxAgeSeconds?: number;
  path?: string;
  domain?: string;
  sameSite?: "Lax" | "Strict" | "None";
  secure?: boolean;
  httpOnly?: boolean;
  /** The clock Expires is computed from (tests). */
  now?: Date;
};

/**
 * One `Set-Cookie` value. Max-Age and Expires are both written: Max-Age wins where supported,
 * Expires keeps old clients honest about the lifetime.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!cookieNamePattern.test(name)) throw new Error(`Invalid cookie name ${name}`);
  const parts = [`${name}=${encodeURIComponent(value)}`];
  if (options.maxAgeSeconds !== undefined) {
    const seconds = Math.max(0, Math.floor(options.maxAgeSeconds));
    const expires =
      seconds === 0 ? new Date(0) : new Date((options.now ?? new Date()).getTime() + seconds * 1000);
    parts.push(`Max-Age=${seconds}`, `Expires=${expires.toUTCString()}`);
  }
  if (options.domain) parts.push(`Domain=${options.domain}`);
  parts.push(`Path=${options.path ?? "/"}`);
  if (options.sameSite) parts.push(`SameSite=${options.sameSite}`);
  if (options.secure) parts.push("Secure");
  if (options.httpOnly) parts.push("HttpOnly");
  return parts.join("; ");
}

/** A `Set-Cookie` value that deletes a cookie set with the same path and domain. */
export function expireCookie(name: string, options: Pick<CookieOptions, "path" | "domain" | "secure"> = {}) {
  return serializeCookie(name, "", { ...options, maxAgeSeconds: 0, sameSite: "Lax" });
}

/**
 * The domains a cookie may have been set on for a host: host-only (undefined) and each parent
 * domain above the public suffix guess (`a.b.example.com` → `.b.example.com`, `.example.com`).
 * Outside analytics tools often set their cookies on the registrable domain.
 */
export function cookieDomainsFor(hostname: string): Array<string | undefined> {
  const domains: Array<string | undefined> = [undefined];
  if (!hostname || /^[\d.]+$/.test(hostname) || hostname.includes(":") || !hostname.includes(".")) {
    return domains;
  }
  const labels = hostname.split(".");
  for (let i = 0; i <= labels.length - 2; i++) domains.push(`.${labels.slice(i).join(".")}`);
  return domains;
}
