/**
 * The site's two same-origin rules, in one place: where a redirect may lead, and which
 * state-changing requests count as coming from our own pages.
 */

/** Any origin works as a base when only "is this a path on the same site" matters. */
const placeholderOrigin = "http://site.invalid";

/**
 * The longest redirect target the site sends, once percent-encoded. A longer Location makes the
 * response header too large for clients and proxies (Node's parser stops at 16 KB of headers,
 * nginx's buffers at 4-8 KB), and no page of the site has an address that long: a return
 * parameter past it is not one of ours, so the fallback is used.
 */
export const MAX_REDIRECT_LENGTH = 4096;

/**
 * A redirect target on this site, built from anything a visitor can influence (a return
 * parameter, a path taken apart). `input` is resolved the way a browser resolves a Location
 * header (backslashes as slashes, tabs and line breaks dropped), so `//host`, `/\host`,
 * `https://host` or `java\nscript:` cannot leave the site: anything that does not resolve to
 * `base`'s origin gives `fallback`. The answer keeps path, query and hash only, its leading
 * slashes collapsed to one, so the browser can never read it as `//host`. A target longer than
 * MAX_REDIRECT_LENGTH also gives `fallback`.
 */
export function safeLocalPath(
  input: unknown,
  base: string | URL = placeholderOrigin,
  fallback = "/",
): string {
  if (typeof input !== "string" && !(input instanceof URL)) return fallback;
  let target: URL;
  let origin: string;
  try {
    origin = new URL(base).origin;
    target = new URL(input, origin);
  } catch {
    return fallback;
  }
  if (target.origin !== origin) return fallback;
  const path = `${target.pathname.replace(/^[/\\]+/, "/")}${target.search}${target.hash}`;
  return path.length > MAX_REDIRECT_LENGTH ? fallback : path;
}

/**
 * The same page at another path: `url` with its pathname replaced. The path is set on a parsed
 * URL, never concatenated, so a path that starts with `//` stays a path. When path and query
 * together are too long to send back, the path alone is kept.
 */
export function withPathname(url: string | URL, pathname: string): string {
  const target = new URL(url);
  target.pathname = pathname;
  return safeLocalPath(target, target, safeLocalPath(target.pathname, target));
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request was made by a page of another origin (cross-site request
 * forgery). Browsers say so in Sec-Fetch-Site, and send Origin with every POST; when Origin is
 * missing (older browsers), a Referer naming another origin gives it away. The whole origin
 * counts (scheme, host and port): `http://` beside an `https://` site, or another port, is
 * another origin.
 *
 * `site.publicUrl` is the site's origin (PUBLIC_URL), so neither the Host header nor a
 * forwarded scheme decides. Outside production the address the request reached is ours too
 * (`site.requestUrl`): a development server answers on localhost and 127.0.0.1 alike.
 *
 * A request with none of these headers is not from a browser form, so it carries no visitor's
 * cookies to abuse: it passes.
 */
export function isCrossOrigin(
  headers: HeaderBag,
  site: { publicUrl: string; isProduction: boolean; requestUrl?: string },
): boolean {
  const fetchSite = header(headers, "sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const own = [site.publicUrl, ...(!site.isProduction && site.requestUrl ? [site.requestUrl] : [])]
    .map(originOf)
    .filter((o) => o !== null);
  const ours = (url: string) => {
    const origin = originOf(url);
    return origin !== null && own.includes(origin);
  };
  // `Origin: null` is an opaque origin (a sandboxed frame, a page with no-referrer): not ours.
  const origin = header(headers, "origin");
  if (origin) return !ours(origin);
  const referer = header(headers, "referer");
  if (referer) return !ours(referer);
  return false;
}
