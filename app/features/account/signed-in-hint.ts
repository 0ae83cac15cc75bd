import { parseCookies } from "~/platform/http/cookies";

/**
 * The sign-in hint: a cookie the browser's script may read (the session's is HttpOnly), set and
 * deleted with the session (account-http.server.ts). It holds when the session ends, nothing
 * that signs anyone in: it only spares visitors who never signed in the header's request for an
 * account (docs/decisions/0060-signed-in-visitors-share-public-pages.md).
 */
export const SIGNED_IN_COOKIE = "studio_signed_in";

/** The hint's value in `document.cookie` (plain, or `__Host-` on https), or null. */
export function signedInHint(cookieHeader: string): string | null {
  const cookies = parseCookies(cookieHeader);
  return cookies.get(`__Host-${SIGNED_IN_COOKIE}`) ?? cookies.get(SIGNED_IN_COOKIE) ?? null;
}
