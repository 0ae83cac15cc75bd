import { inArray } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import { uploads } from "~/platform/db/schema";
import type { Language } from "~/platform/i18n/languages";
import { removeMailFiles } from "~/platform/mail/transport.server";
import type { Services } from "~/platform/services.server";
import { deleteItemTraces } from "./item-traces.server";

/**
 * Personal data tied to an e-mail address (docs/requirements.md#data-rights): each feature that
 * stores something a visitor sent describes it once as a source, and the data-rights pages
 * (features/privacy-requests) list, export and delete through these sources only.
 */

/** One thing stored about the person (an application, a sign-up, an alert…). */
export type PersonalItem = {
  id: string;
  /** What the visitor recognises it by (a job title, a subject); shown after the kind's name. */
  label: string;
  createdAt: Date;
  /** When the retention rule deletes it by itself; null when only the person or the studio does. */
  deleteOn: Date | null;
};

/** A file stored with an item: its name in the archive and its key in the file store. */
export type PersonalFile = { name: string; file: string };

/** Everything stored about one item: machine-readable, and its files. */
export type PersonalExport = { json: unknown; files: PersonalFile[] };

export type PersonalDataServices = Pick<Services, "db" | "uploads" | "config" | "logger">;

type SourceBase = {
  /** Stable name: the archive's section and the catalog key "held-data:kinds.<kind>". */
  kind: string;
  /**
   * The items sent from or tied to `email` (compared without regard to case), labelled in
   * `lang` where a label is the site's words (a playtest location) rather than the visitor's.
   */
  listByEmail(db: Db, email: string, lang: Language): Promise<PersonalItem[]>;
  /** Everything stored about one item, or null when it no longer exists. */
  export(svc: PersonalDataServices, id: string): Promise<PersonalExport | null>;
  /**
   * The ids of every item of the kind stored now: after a restore, the erasure journal's replay
   * finds among them the items erased since the backup (erasure-journal.server.ts).
   */
  ids(db: Db): Promise<string[]>;
};

/**
 * What a visitor sent (an application, a sign-up, an alert…): holding the mailbox it came from
 * is proof enough, so the data-rights link downloads and deletes it.
 */
export type SubmissionSource = SourceBase & {
  /** Deletes the item for good: its rows and its files. Answers whether anything went. */
  remove(svc: PersonalDataServices, id: string): Promise<boolean>;
};

/**
 * What a sign-in guards (an account, behind its password and second factor): the data-rights
 * link proves the mailbox only, so its page lists the item and sends the visitor to these pages
 * of the signed-in area (English paths) instead of downloading or deleting it
 * (docs/requirements.md#data-rights). Deleting it is those pages' own use case, which asks for
 * the password, so the source has no `remove`.
 */
export type SignedInSource = SourceBase & {
  signIn: { data: string; delete: string };
  /**
   * Erases the item without its sign-in: for the erasure journal's replay after a restore only,
   * an item its holder already deleted once, password first. Answers whether anything went.
   */
  eraseAgain(svc: PersonalDataServices, id: string): Promise<boolean>;
};

export type PersonalDataSource = SubmissionSource | SignedInSource;

/** Whether the e-mailed link alone may download and delete the source's items. */
export const isSubmissionSource = (source: PersonalDataSource): source is SubmissionSource =>
  "remove" in source;

/** Identity for a source, typed (each feature writes `definePersonalData({ … })`). */
export const definePersonalData = <const S extends PersonalDataSource>(source: S): S => source;

/**
 * The files an item owns in the upload store, for its export: how `data.json` lists them and
 * the archive entries that carry their bytes (`files/<id>-<name>`).
 */
export async function ownedFilesExport(svc: Pick<PersonalDataServices, "uploads">, owner: string) {
  const files = await svc.uploads.owned(owner);
  return {
    listed: files.map((f) => ({ name: f.name, type: f.type, size: f.size, file: `files/${f.id}-${f.name}` })),
    files: files.map((f) => ({ name: `${f.id}-${f.name}`, file: f.file })),
  };
}

/**
 * Deletes an item for good: `deleteRow` (its row, whose foreign keys take its dependents) and
 * the outbox's e-mails about it (`kind` and `id`, as they were queued), in one transaction, then
 * the files it owns in the upload store, wherever the file store keeps them (DATA_DIR or
 * FILE_STORE_URL's bucket), and those e-mails' copies in DATA_DIR/mail. Answers whether the row
 * existed.
 */
export async function removeItemWithFiles(
  svc: Pick<PersonalDataServices, "db" | "uploads" | "config">,
  {
    kind,
    id,
    owner,
    deleteRow,
  }: { kind: string; id: string; owner: string; deleteRow: (tx: Tx) => Promise<boolean> },
): Promise<boolean> {
  // The files go first: a file store that cannot be reached refuses the deletion (503) before
  // anything of it is gone, instead of deleting the rows and leaving the person's files behind.
  // One it loses half-way leaves files without rows, which the upload purge removes within a day.
  await svc.uploads.removeFiles((await svc.uploads.owned(owner)).map((file) => file.id));
  const { existed, emails } = await svc.db.transaction(async (tx) => {
    const existed = await deleteRow(tx);
    return { existed, emails: existed ? await deleteItemTraces(tx, kind, id) : [] };
  });
  await svc.uploads.removeOwned([owner]);
  await removeMailFiles(svc.config, emails);
  return existed;
}

/**
 * Deletes items that own upload files by their retention rule: `deleteRows` deletes their rows
 * and answers their ids; the rows of their files in the upload store (`owner` of each id) and the
 * outbox's e-mails about them (`kind`) go in the same transaction, then the files themselves and
 * those e-mails' copies in DATA_DIR/mail. Rows first, unlike a deletion on request: a file the
 * store cannot remove now is left without a row, which the upload purge removes within a day.
 * Answers the deleted items' ids.
 */
export async function purgeItemsWithFiles(
  svc: Pick<PersonalDataServices, "db" | "uploads" | "config">,
  {
    kind,
    owner,
    deleteRows,
  }: { kind: string; owner: (id: string) => string; deleteRows: (tx: Tx) => Promise<string[]> },
): Promise<string[]> {
  const { ids, files, emails } = await svc.db.transaction(async (tx) => {
    const ids = await deleteRows(tx);
    if (!ids.length) return { ids, files: [], emails: [] };
    const files = await tx
      .delete(uploads)
      .where(inArray(uploads.attachedTo, ids.map(owner)))
      .returning({ id: uploads.id });
    return { ids, files: files.map((file) => file.id), emails: await deleteItemTraces(tx, kind, ids) };
  });
  await svc.uploads.removeFiles(files);
  await removeMailFiles(svc.config, emails);
  return ids;
}
