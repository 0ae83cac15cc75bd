import type { Db, Tx } from "~/platform/db/client.server";
import { deleteEmailsAbout } from "~/platform/mail/outbox.server";
import { deleteStatusLinks } from "~/platform/status/links.server";
import { journalErasures } from "./erasure-journal.server";

/**
 * What the site keeps about an item outside its feature's own rows, by the item's kind and id:
 * the outbox's e-mails about it (`deleteEmailsAbout`) and the private links to its status page.
 * Every deletion of an item (on request, by its retention rule, by the studio's tools) calls
 * this in the transaction that deletes the item, so neither outlives it, and so each erasure is
 * written to the erasure journal (erasure-journal.server.ts), which outlives a restore of an
 * older backup. Answers the ids of the e-mails that went, for `removeMailFiles` once that
 * transaction is committed.
 */
export async function deleteItemTraces(
  tx: Db | Tx,
  kind: string,
  ids: string | readonly string[],
): Promise<string[]> {
  const items = typeof ids === "string" ? [ids] : [...ids];
  await journalErasures(kind, items);
  await deleteStatusLinks(tx, kind, items);
  return deleteEmailsAbout(tx, kind, items);
}
