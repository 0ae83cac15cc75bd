import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import { privacyLinks } from "~/platform/db/schema/privacy";
import { hashLinkToken, linkTokenShape, newLinkToken } from "~/platform/security/link-token.server";

/** How long an e-mailed data-rights link opens its page. */
export const privacyLinkTtlMs = 24 * 60 * 60_000;

/** Stores a new link for `email` (lower-cased) and returns its token. */
export async function createPrivacyLink(tx: Db | Tx, email: string, now = new Date()): Promise<string> {
  const token = newLinkToken();
  await tx.insert(privacyLinks).values({
    tokenHash: hashLinkToken(token),
    email: email.toLowerCase(),
    createdAt: now,
    expiresAt: new Date(now.getTime() + privacyLinkTtlMs),
  });
  return token;
}

/** The address a token opens, or null (unknown, malformed, expired or deleted). */
export async function findPrivacyLink(db: Db, token: string, now = new Date()): Promise<string | null> {
  if (!linkTokenShape.test(token)) return null;
  const [row] = await db
    .select({ email: privacyLinks.email })
    .from(privacyLinks)
    .where(and(eq(privacyLinks.tokenHash, hashLinkToken(token)), gt(privacyLinks.expiresAt, now)));
  return row?.email ?? null;
}

/** Deletes every link of an address (with everything else tied to it). */
export async function deletePrivacyLinks(db: Db | Tx, email: string): Promise<number> {
  const gone = await db
    .delete(privacyLinks)
    .where(sql`${privacyLinks.email} = lower(${email})`)
    .returning({ tokenHash: privacyLinks.tokenHash });
  return gone.length;
}

/** Deletes expired links; answers how many went. */
export async function purgeExpiredPrivacyLinks(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(privacyLinks)
    .where(lt(privacyLinks.expiresAt, now))
    .returning({ tokenHash: privacyLinks.tokenHash });
  return gone.length;
}

/** The page's address (the e-mail's link). */
export const privacyPath = (token: string) => `/privacy/requests/${token}`;
