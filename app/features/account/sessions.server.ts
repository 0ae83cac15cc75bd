/** Account sessions: created at sign-in, read from the cookie, ended one or all at a time. */
import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import type { AccountUser } from "./account-core.server";
import { newToken, sha256 } from "./secrets.server";
import { accountSessions, accountTokens, accountUsers } from "./tables";

/**
 * docs/requirements.md#account-and-second-factor: a session lasts at most 172800 s (absolute, from
 * sign-in).
 */
export const sessionTtlSeconds = 172_800;

export type SessionInfo = { user: AccountUser; idHash: string; expiresAt: Date };

export async function createSession(tx: Db | Tx, userId: string, now = new Date()) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + sessionTtlSeconds * 1000);
  await tx.insert(accountSessions).values({ idHash: sha256(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function readSession(
  db: Db,
  token: string | undefined,
  now = new Date(),
): Promise<SessionInfo | null> {
  if (!token || token.length > 100) return null;
  const idHash = sha256(token);
  const [row] = await db
    .select({ user: accountUsers, expiresAt: accountSessions.expiresAt })
    .from(accountSessions)
    .innerJoin(accountUsers, eq(accountUsers.id, accountSessions.userId))
    .where(and(eq(accountSessions.idHash, idHash), gt(accountSessions.expiresAt, now)))
    .limit(1);
  return row ? { user: row.user, idHash, expiresAt: row.expiresAt } : null;
}

export async function endSession(db: Db, token: string | undefined) {
  if (token) await db.delete(accountSessions).where(eq(accountSessions.idHash, sha256(token)));
}

export async function endAllSessions(db: Db | Tx, userId: string, exceptIdHash?: string) {
  await db
    .delete(accountSessions)
    .where(
      exceptIdHash
        ? and(eq(accountSessions.userId, userId), ne(accountSessions.idHash, exceptIdHash))
        : eq(accountSessions.userId, userId),
    );
}

/** Expired sessions and tokens are deleted (privacy: kept no longer than they work). */
export async function purgeExpiredAccountData(db: Db, now = new Date()) {
  await db.delete(accountSessions).where(lt(accountSessions.expiresAt, now));
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, now));
}
