import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/**
 * The account's secrets. Passwords: Argon2id with the library's defaults (19 MiB, 2 passes,
 * OWASP's minimum recommendation). Tokens: 256 random bits, base64url in links and cookies,
 * SHA-256 in the database, so a database leak gives no usable session or link.
 */
export const hashPassword = (password: string) => hash(password);

let dummy: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash (no such account) it verifies against a throwaway
 * hash all the same, so the answer takes as long whether or not the account exists.
 */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  dummy ??= hash(crypto.randomBytes(16).toString("hex"));
  const target = stored ?? (await dummy);
  const ok = await verify(target, password).catch(() => false);
  return stored !== undefined && ok;
}

export const newToken = () => crypto.randomBytes(32).toString("base64url");
export const sha256 = (value: string) => crypto.createHash("sha256").update(value, "utf8").digest("hex");

/** A short code someone types (e-mail change): bound to its account so equal codes never collide. */
export const newNumericCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
export const codeHash = (userId: string, code: string) => sha256(`${userId}:${code.trim()}`);

/** Recovery codes: 10 groups of 50 random bits, shown once as xxxxx-xxxxx. */
export function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const pick = () => Array.from({ length: 5 }, () => alphabet[crypto.randomInt(0, alphabet.length)]).join("");
  return `${pick()}-${pick()}`;
}
