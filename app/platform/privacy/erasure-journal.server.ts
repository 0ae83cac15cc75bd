import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The erasure journal: every item the site erases (on request, by its retention rule, by the
 * studio's tools) as its kind and a keyed hash of its id, in files outside the database, so that
 * a restore of an older backup can erase again whoever was erased since (`npm run db:restore`
 * replays it: features/privacy-requests, erasure-replay.server.ts). Only the hash is kept: the
 * journal says nothing of a person to whoever reads it without the key (ERASURE_JOURNAL_KEY),
 * and with the key it only recognises an id one already holds.
 *
 * One file per UTC day (`erasures-YYYY-MM-DD.jsonl`, 0600, in a 0700 folder), appended to only:
 * each call is one write on a file opened with O_APPEND, which the kernel never interleaves
 * with another process's on a local disk, so the site's instances and the tools share it
 * without a lock; pruning deletes whole days and never rewrites a file another process may be
 * appending to (docs/decisions/0059-backups-and-erasure-journal.md).
 */
export type ErasureJournal = { dir: string; key: string };

export type ErasureEntry = { at: string; kind: string; hmac: string };

/**
 * The journal the process's services opened (services.server.ts), or none: deleteItemTraces is
 * called in transactions deep inside every feature's use cases, which are not handed the
 * settings, so the journal is the process's, as its database is.
 */
let current: ErasureJournal | undefined;

/** Keeps `journal` for this process's erasures; answers how to stop (the services' close). */
export function keepErasureJournal(journal: ErasureJournal | undefined): () => void {
  current = journal;
  return () => {
    if (current === journal) current = undefined;
  };
}

export const erasureHash = (key: string, id: string) =>
  crypto.createHmac("sha256", key).update(id).digest("hex");

const FILE = /^erasures-(\d{4}-\d{2}-\d{2})\.jsonl$/;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Appends the erasure of `ids` of `kind`, one line each, in one write. Called by
 * deleteItemTraces inside the erasing transaction, before its commit: a journal that cannot be
 * written fails the erasure (nothing erased goes unrecorded), and a transaction that rolls back
 * after it leaves an entry for an item the site had set out to erase, which a replay erases,
 * as was asked. Appending after the commit would leave a moment when the item is gone from the
 * database and absent from the journal: a crash then, and a restore brings the person back.
 */
export async function journalErasures(kind: string, ids: readonly string[], now = new Date()) {
  const journal = current;
  if (!journal || !ids.length) return;
  const at = now.toISOString();
  const lines = ids.map((id) => `${JSON.stringify({ at, kind, hmac: erasureHash(journal.key, id) })}\n`);
  fs.mkdirSync(journal.dir, { recursive: true, mode: 0o700 });
  const file = await fs.promises.open(path.join(journal.dir, `erasures-${dayOf(now)}.jsonl`), "a", 0o600);
  try {
    await file.write(lines.join(""));
  } finally {
    await file.close();
  }
}

/** Every entry of the journal in `dir` (none when it was never written), oldest day first. */
export function readErasureJournal(dir: string): ErasureEntry[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => FILE.test(name))
    .sort()
    .flatMap((name) =>
      fs
        .readFileSync(path.join(dir, name), "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ErasureEntry),
    );
}

/**
 * Deletes the days of the journal no kept backup needs: an entry matters while a backup taken
 * before it exists. A day is deleted when it ended more than a day before `oldestBackup` was
 * taken (the margin covers an entry written just before a transaction that committed after the
 * backup's snapshot, and clocks a little apart). Answers the files deleted.
 */
export function pruneErasureJournal(dir: string, oldestBackup: Date): string[] {
  if (!fs.existsSync(dir)) return [];
  const keepFrom = dayOf(new Date(oldestBackup.getTime() - 86_400_000));
  const gone = fs.readdirSync(dir).filter((name) => {
    const day = FILE.exec(name)?.[1];
    return day !== undefined && day < keepFrom;
  });
  for (const name of gone) fs.rmSync(path.join(dir, name));
  return gone;
}
