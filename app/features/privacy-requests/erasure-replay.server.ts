import { type ErasureEntry, erasureHash } from "~/platform/privacy/erasure-journal.server";
import { isSubmissionSource, type PersonalDataServices } from "~/platform/privacy/personal-data";
import { personalDataSources } from "./personal-data-list.server";

export type ReplayResult = {
  /** Items erased again, by kind. */
  erased: Record<string, number>;
  /** Kinds the journal names that no source knows (a kind since removed from the site). */
  unknownKinds: string[];
};

/**
 * After a restore (`npm run db:restore`): erases again every item of the restored database that
 * the erasure journal says was erased, matched by HMAC-SHA256(key, id), through its source's own
 * deletion (a submission's `remove`, the account's `eraseAgain`), so its files, status links,
 * e-mails and rows in other tables go as they went the first time
 * (docs/decisions/0059-backups-and-erasure-journal.md). Each is journalled again, which changes
 * nothing but the entry's time.
 */
export async function replayErasures(
  svc: PersonalDataServices,
  entries: readonly ErasureEntry[],
  key: string,
): Promise<ReplayResult> {
  const byKind = new Map<string, Set<string>>();
  for (const entry of entries) {
    const hashes = byKind.get(entry.kind) ?? new Set<string>();
    hashes.add(entry.hmac);
    byKind.set(entry.kind, hashes);
  }
  const sources = personalDataSources();
  const result: ReplayResult = { erased: {}, unknownKinds: [] };
  for (const [kind, hashes] of byKind) {
    const source = sources.find((s) => s.kind === kind);
    if (!source) {
      result.unknownKinds.push(kind);
      continue;
    }
    let erased = 0;
    for (const id of await source.ids(svc.db)) {
      if (!hashes.has(erasureHash(key, id))) continue;
      const gone = isSubmissionSource(source)
        ? await source.remove(svc, id)
        : await source.eraseAgain(svc, id);
      if (gone) erased++;
    }
    result.erased[kind] = erased;
  }
  return result;
}
