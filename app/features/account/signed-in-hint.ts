import { parseCookies } from "~/platform/http/cookies";

/**
 * The sign-in hint: a cookie the browser's script may read (the session's is HttpOnly), set and
 * deleted with the session (account-http.server.ts). It holds when the session ends and the
 * account's username, nothing that signs anyone in: the header shows the name from it, with no
 * request, on pages that are the same for everyone
 * (docs/decisions/0064-the-sign-in-hint-carries-the-name.md).
 */
export const SIGNED_IN_COOKIE = "studio_signed_in";

export type SignedInHint = { until: number; username: string };

/**
 * `<end in Unix seconds>.<username>`: a username is 3-24 of `A-Z a-z 0-9 _ . -`
 * (account-forms.ts), all valid in a cookie value as they are; the end comes first and has no
 * dot, so the first dot splits them.
 */
const hintPattern = /^(\d{1,12})\.([A-Za-z0-9_.-]{3,24})$/;

export function formatSignedInHint(hint: SignedInHint): string {
  return `${Math.floor(hint.until)}.${hint.username}`;
}

/** A hint's value, or null when it is not one (a hint of an older form, or anything else). */
export function parseSignedInHint(value: string | undefined): SignedInHint | null {
  const match = value === undefined ? null : hintPattern.exec(value);
  return match ? { until: Number(match[1]), username: match[2] as string } : null;
}

/** The hint's raw value in a Cookie header or `document.cookie` (plain, or `__Host-` on https). */
export function signedInHintValue(cookieHeader: string): string | undefined {
  const cookies = parseCookies(cookieHeader);
  return cookies.get(`__Host-${SIGNED_IN_COOKIE}`) ?? cookies.get(SIGNED_IN_COOKIE);
}
