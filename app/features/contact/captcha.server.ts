import crypto from "node:crypto";
import { lt } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { captchaTokens } from "./tables";

/**
 * Server-side check of a reCAPTCHA v3 token (docs/requirements.md#contact). Only when
 * RECAPTCHA_SECRET is set: without it the forms rely on their honeypot and rate limits. A token
 * passes when the verification service says it is genuine, its score reaches RECAPTCHA_MIN_SCORE,
 * it was made for the expected action on this site's host, and it was not used before.
 */
export type CaptchaVerdict =
  | { ok: true; checked: boolean }
  | {
      ok: false;
      reason: "missing" | "invalid" | "score" | "action" | "hostname" | "replayed" | "unavailable";
    };

export type CaptchaSettings = Pick<
  Config,
  "RECAPTCHA_SECRET" | "RECAPTCHA_VERIFY_URL" | "RECAPTCHA_MIN_SCORE" | "publicUrl"
>;

const siteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  "error-codes": z.array(z.string()).optional(),
});

/** Tokens live two minutes at the service; a used one is remembered a little longer. */
const USED_TOKEN_TTL_MS = 10 * 60_000;
const VERIFY_TIMEOUT_MS = 5_000;

export async function verifyCaptcha(
  deps: { db: Db; config: CaptchaSettings },
  token: string | undefined,
  { action, now = new Date() }: { action: string; now?: Date },
): Promise<CaptchaVerdict> {
  const { db, config } = deps;
  if (!config.RECAPTCHA_SECRET) return { ok: true, checked: false };
  if (!token) return { ok: false, reason: "missing" };

  let answer: z.infer<typeof siteverifyAnswer>;
  try {
    const res = await fetch(config.RECAPTCHA_VERIFY_URL, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: config.RECAPTCHA_SECRET, response: token }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!res.ok) return { ok: false, reason: "unavailable" };
    const parsed = siteverifyAnswer.safeParse(await res.json());
    if (!parsed.success) return { ok: false, reason: "unavailable" };
    answer = parsed.data;
  } catch {
    // Unreachable, timed out or not JSON: the visitor is not at fault, but nothing is accepted.
    return { ok: false, reason: "unavailable" };
  }
  if (!answer.success) {
    // The service itself answers "timeout-or-duplicate" for a token it has seen.
    return {
      ok: false,
      reason: answer["error-codes"]?.includes("timeout-or-duplicate") ? "replayed" : "invalid",
    };
  }
  if ((answer.score ?? 0) < config.RECAPTCHA_MIN_SCORE) return { ok: false, reason: "score" };
  if (answer.action !== action) return { ok: false, reason: "action" };
  if (answer.hostname !== new URL(config.publicUrl).hostname) return { ok: false, reason: "hostname" };

  // One use per token, across processes: the first insert wins.
  const inserted = await db
    .insert(captchaTokens)
    .values({ tokenHash: hashCaptchaToken(token), expiresAt: new Date(now.getTime() + USED_TOKEN_TTL_MS) })
    .onConflictDoNothing()
    .returning({ tokenHash: captchaTokens.tokenHash });
  if (!inserted.length) return { ok: false, reason: "replayed" };
  return { ok: true, checked: true };
}

export function hashCaptchaToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Forgets used tokens once they could no longer be replayed anyway. */
export async function purgeUsedCaptchaTokens(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(captchaTokens)
    .where(lt(captchaTokens.expiresAt, now))
    .returning({ tokenHash: captchaTokens.tokenHash });
  return deleted.length;
}
