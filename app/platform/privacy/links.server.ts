import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import { privacyLinks } from "~/platform/db/schema";
import { deleteEmailsAbout, type OutboxItem } from "~/platform/mail/outbox.server";
import { removeMailFiles } from "~/platform/mail/transport.server";
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

const privacyLinkItemKind = "privacy-link";

/**
 * What the e-mail carrying a link is about: the link, by its token's hash (its key). The e-mail
 * goes with the link (purgeExpiredPrivacyLinks), or with everything tied to the address.
 */
export const aboutPrivacyLink = (token: string): OutboxItem => ({
  kind: privacyLinkItemKind,
  id: hashLinkToken(token),
});

/** Deletes expired links with their e-mails in the outbox (rows, then .eml copies); answers how many went. */
export async function purgeExpiredPrivacyLinks(
  svc: { db: Db; config: { dataDir: string } },
  now = new Date(),
): Promise<number> {
  const { links, emails } = await svc.db.transaction(async (tx) => {
    const gone = await tx
      .delete(privacyLinks)
      .where(lt(privacyLinks.expiresAt, now))
      .returning({ tokenHash: privacyLinks.tokenHash });
    const hashes = gone.map((link) => link.tokenHash);
    return { links: hashes.length, emails: await deleteEmailsAbout(tx, privacyLinkItemKind, hashes) };
  });
  await removeMailFiles(svc.config, emails);
  return links;
}

/** The page's address (the e-mail's link). */
export const privacyPath = (token: string) => `/privacy/requests/${token}`;
