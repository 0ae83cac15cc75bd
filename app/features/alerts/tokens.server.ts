import crypto from "node:crypto";

/** An alert's management link is a private link (platform/security/link-token.server.ts) with the alert's id. */
export {
  hashLinkToken as hashAlertToken,
  linkTokenShape as tokenShape,
  newLinkToken as newAlertToken,
} from "~/platform/security/link-token.server";

/** Anything else is refused before touching the database (junk never reaches a query). */
export const idShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Constant-time comparison of two hex hashes of the same length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
