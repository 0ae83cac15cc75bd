import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import { statusLinks } from "~/platform/db/schema/status";
import { hashLinkToken, linkTokenShape, newLinkToken } from "~/platform/security/link-token.server";

/**
 * Private links to a submission's status page (docs/decisions/0029-status-links-and-studio-tools.md).
 * The page's address is `/status/<token>`: the token alone says which submission, so it is long
 * and random, and the page sends no Referer (it is in the path).
 */
export type StatusKind = "application" | "contact" | "issue" | "playtest";

/** The column of `status_links` that points at each kind's row (deleting the row deletes its links). */
const targetColumn = {
  application: "applicationId",
  contact: "contactMessageId",
  issue: "issueReportId",
  playtest: "playtestSignupId",
} as const satisfies Record<StatusKind, string>;

/** Stores a new link to `itemId` (inside the submission's own transaction) and returns its token. */
export async function createStatusLink(tx: Db | Tx, kind: StatusKind, itemId: string): Promise<string> {
  const token = newLinkToken();
  await tx
    .insert(statusLinks)
    .values({ tokenHash: hashLinkToken(token), kind, [targetColumn[kind]]: itemId });
  return token;
}

export type StatusTarget = { kind: StatusKind; itemId: string };

/** The submission a token opens, or null (unknown, malformed, or its submission deleted). */
export async function findStatusLink(db: Db, token: string): Promise<StatusTarget | null> {
  if (!linkTokenShape.test(token)) return null;
  const [row] = await db
    .select()
    .from(statusLinks)
    .where(eq(statusLinks.tokenHash, hashLinkToken(token)));
  if (!row) return null;
  if (!Object.hasOwn(targetColumn, row.kind)) return null;
  const kind = row.kind as StatusKind;
  const itemId = row[targetColumn[kind]];
  return itemId ? { kind, itemId } : null;
}

/** The page's address in `lang` (the e-mails' link). */
export const statusPath = (token: string) => `/status/${token}`;
