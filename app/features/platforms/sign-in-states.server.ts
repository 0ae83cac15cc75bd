import { and, eq, lt } from "drizzle-orm";
import { newToken, sha256 } from "~/features/account/index.server";
import type { Db } from "~/platform/db/client.server";
import type { Language } from "~/platform/i18n/languages";
import type { Platform } from "./platform-config.server";
import { accountPlatformStates, openidNonces } from "./tables";

/**
 * A sign-in at a platform must come back within this (and at most 10 minutes:
 * docs/requirements.md#linked-platforms-and-merch).
 */
export const stateTtlMs = 10 * 60_000;

export type SignInPurpose = "login" | "connect";
export type SignInState = typeof accountPlatformStates.$inferSelect;

/**
 * Records a sign-in leaving for a platform and returns its `state`: 256 random bits, stored
 * only as a hash. Expired states and OpenID nonces are swept here, so no worker is needed.
 */
export async function createState(
  db: Db,
  input: {
    platform: Platform;
    purpose: SignInPurpose;
    accountId: string | null;
    codeVerifier: string | null;
    language: Language;
  },
  now = new Date(),
): Promise<string> {
  const state = newToken();
  await db.delete(accountPlatformStates).where(lt(accountPlatformStates.expiresAt, now));
  await db.delete(openidNonces).where(lt(openidNonces.expiresAt, now));
  await db.insert(accountPlatformStates).values({
    hash: sha256(state),
    ...input,
    expiresAt: new Date(now.getTime() + stateTtlMs),
  });
  return state;
}

/**
 * Takes a state once (DELETE … RETURNING: a replayed or concurrent second use finds nothing);
 * undefined when unknown, used, expired or started for another platform.
 */
export async function takeState(
  db: Db,
  platform: Platform,
  state: string | undefined,
  now = new Date(),
): Promise<SignInState | undefined> {
  if (!state || state.length > 100) return undefined;
  const [row] = await db
    .delete(accountPlatformStates)
    .where(and(eq(accountPlatformStates.hash, sha256(state)), eq(accountPlatformStates.platform, platform)))
    .returning();
  return row && row.expiresAt > now ? row : undefined;
}
