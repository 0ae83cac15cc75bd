import crypto from "node:crypto";

/** A management secret: 256 random bits, URL-safe (43 characters). Only its SHA-256 is stored. */
export function newAlertToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashAlertToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Anything else is refused before touching the database (junk never reaches a query). */
export const tokenShape = /^[A-Za-z0-9_-]{43}$/;
export const idShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Constant-time comparison of two hex hashes of the same length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
