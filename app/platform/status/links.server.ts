import { and, eq, inArray, isNull } from "drizzle-orm";
import { data } from "react-router";
import { noStore } from "~/platform/cache/page-headers";
import type { Db, Tx } from "~/platform/db/client.server";
import { statusLinks } from "~/platform/db/schema";
import { hashLinkToken, linkTokenShape, newLinkToken } from "~/platform/security/link-token.server";

/**
 * Private links to a submission's status page (docs/decisions/0029-status-links-and-studio-tools.md).
 * The page's address is `/status/<token>`: the token alone says which submission, so it is long
 * and random, and the page sends no Referer (it is in the path). A link carries deleting,
 * withdrawing and signing, so it does not live for ever (docs/decisions/0044-status-links-expire.md):
 * it stops opening once unused for STATUS_LINK_IDLE_DAYS, or once the links are sent again.
 */

/**
 * A link points at an item by the item's kind as its feature names it (the outbox's and the
 * data-rights pages' kind: "application", "issueReport"…) and its id. Which kinds have a status
 * page is the status feature's list of sources; this module knows none of them.
 */

/**
 * A link opens until it has gone this long without being opened: an old e-mail in a forgotten
 * or stolen mailbox stops deleting or signing anything, while someone who follows their
 * submission keeps their link by using it (docs/requirements.md#status-pages).
 */
export const STATUS_LINK_IDLE_DAYS = 90;
const dayMs = 24 * 60 * 60_000;

/** Stores a new link to `itemId` (inside the submission's own transaction) and returns its token. */
export async function createStatusLink(tx: Db | Tx, kind: string, itemId: string): Promise<string> {
  const token = newLinkToken();
  await tx.insert(statusLinks).values({ tokenHash: hashLinkToken(token), kind, itemId });
  return token;
}

/**
 * Links sent again replace the earlier ones to the same submissions (inside the transaction that
 * makes the new ones, before making them): a visitor who asks for their links again leaves
 * every older copy, in whatever mailbox, unable to open. The rows stay, so an old link's page
 * says it expired rather than that it never worked.
 */
export async function revokeStatusLinks(tx: Db | Tx, kind: string, itemIds: string[], now = new Date()) {
  if (itemIds.length === 0) return;
  await tx
    .update(statusLinks)
    .set({ revokedAt: now })
    .where(
      and(eq(statusLinks.kind, kind), inArray(statusLinks.itemId, itemIds), isNull(statusLinks.revokedAt)),
    );
}

/**
 * Deletes every link to these items, in the transaction that deletes them: a link must not
 * outlive its item (`deleteItemTraces`, platform/privacy/item-traces.server.ts, is how every
 * deletion reaches here).
 */
export async function deleteStatusLinks(tx: Db | Tx, kind: string, itemIds: readonly string[]) {
  if (itemIds.length === 0) return;
  await tx
    .delete(statusLinks)
    .where(and(eq(statusLinks.kind, kind), inArray(statusLinks.itemId, [...itemIds])));
}

export type StatusTarget = { kind: string; itemId: string };

/** A token's link and what it points at, whether or not it still opens; null when there is none. */
async function lookUp(db: Db, token: string) {
  if (!linkTokenShape.test(token)) return null;
  const [row] = await db
    .select()
    .from(statusLinks)
    .where(eq(statusLinks.tokenHash, hashLinkToken(token)));
  if (!row) return null;
  return { row, target: { kind: row.kind, itemId: row.itemId } };
}

type LinkRow = typeof statusLinks.$inferSelect;

const isGone = (row: LinkRow, now: Date) =>
  row.revokedAt !== null || now.getTime() - row.lastOpenedAt.getTime() >= STATUS_LINK_IDLE_DAYS * dayMs;

/**
 * The submission a token opens, or null: unknown, malformed, its submission deleted, or gone
 * (unused too long, or replaced). Every use of a link goes through here, so a gone link does
 * nothing whoever asks.
 */
export async function findStatusLink(db: Db, token: string, now = new Date()): Promise<StatusTarget | null> {
  const link = await lookUp(db, token);
  return link && !isGone(link.row, now) ? link.target : null;
}

/**
 * Opening the status page: what `findStatusLink` answers, and the link's last opening moved to
 * `now`. Moved at most once a day, so a page opened many times a day costs one write, not one
 * per view; a link may then end up to a day before the 90th day after its very last opening,
 * which nobody following their submission notices.
 */
export async function openStatusLink(db: Db, token: string, now = new Date()): Promise<StatusTarget | null> {
  const link = await lookUp(db, token);
  if (!link || isGone(link.row, now)) return null;
  if (now.getTime() - link.row.lastOpenedAt.getTime() >= dayMs) {
    await db
      .update(statusLinks)
      .set({ lastOpenedAt: now })
      .where(eq(statusLinks.tokenHash, link.row.tokenHash));
  }
  return link.target;
}

/**
 * Whether a token is a link the site made that no longer opens (unused too long, or replaced)
 * to a submission that still exists. Its page says it expired and offers fresh links, where an
 * unknown token's says the link does not work.
 */
export async function statusLinkGone(db: Db, token: string, now = new Date()): Promise<boolean> {
  const link = await lookUp(db, token);
  return link !== null && isGone(link.row, now);
}

/**
 * How a file a status link serves (its data download, its calendar file) refuses a token that
 * opens nothing: 410 when the link expired or was replaced, 404 otherwise; never kept.
 */
export async function statusLinkRefusal(db: Db, token: string) {
  return (await statusLinkGone(db, token))
    ? data({ messages: ["STATUS_LINK_EXPIRED"] }, { status: 410, headers: noStore })
    : data({ messages: ["NOT_FOUND"] }, { status: 404, headers: noStore });
}

/** The page's address in `lang` (the e-mails' link). */
export const statusPath = (token: string) => `/status/${token}`;
