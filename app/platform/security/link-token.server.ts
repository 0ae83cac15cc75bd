import crypto from "node:crypto";

/**
 * The secret in a private link (a status page, an alert's management page): 256 random bits,
 * URL-safe, 43 characters. Only its SHA-256 is stored, so a database leak opens no link.
 */
export const newLinkToken = (): string => crypto.randomBytes(32).toString("base64url");

export const hashLinkToken = (token: string): string =>
  crypto.createHash("sha256").update(token, "utf8").digest("hex");

/** Anything else is refused before touching the database (junk never reaches a query). */
export const linkTokenShape = /^[A-Za-z0-9_-]{43}$/;
