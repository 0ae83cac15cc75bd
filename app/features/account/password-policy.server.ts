import crypto from "node:crypto";
import { commonPasswords } from "./common-passwords";

/**
 * Beyond the composition rule of docs/requirements.md#account-and-second-factor (checked by the
 * form schema), a new password must not be a known breached or common one
 * (NIST SP 800-63B §3.1.1.2). The breached check asks a range service with k-anonymity: only the
 * first 5 hex digits of the password's SHA-1 leave the server; the answer lists suffixes with
 * counts and the match happens here.
 */
export type PasswordCheck = { ok: true } | { ok: false; reason: "common" | "breached" };

export async function checkNewPassword(
  password: string,
  options: { rangeUrl?: string; fetchImpl?: typeof fetch; timeoutMs?: number } = {},
): Promise<PasswordCheck> {
  if (commonPasswords.has(password.toLowerCase())) return { ok: false, reason: "common" };
  if (!options.rangeUrl) return { ok: true };
  const sha1 = crypto.createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
  const prefix = sha1.slice(0, 5);
  const suffix = sha1.slice(5);
  try {
    const response = await (options.fetchImpl ?? fetch)(
      `${options.rangeUrl.replace(/\/$/, "")}/range/${prefix}`,
      // Add-Padding asks the service to pad its answer so its size says nothing about the prefix.
      { headers: { "Add-Padding": "true" }, signal: AbortSignal.timeout(options.timeoutMs ?? 3000) },
    );
    if (!response.ok) return { ok: true };
    const body = await response.text();
    for (const line of body.split("\n")) {
      const [hashSuffix, count] = line.trim().split(":");
      if (hashSuffix?.toUpperCase() === suffix && Number(count) > 0) return { ok: false, reason: "breached" };
    }
    return { ok: true };
  } catch {
    // The service being down must not stop sign-ups: the bundled list has already been checked.
    return { ok: true };
  }
}
