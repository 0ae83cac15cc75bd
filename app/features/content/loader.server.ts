import { notInArray, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { contentSources } from "~/platform/db/schema/content";
import { parseContentTree, type Unit, unitKeyOf } from "./parse-tree.server";
import { readContentFiles } from "./read-tree.server";
import { type StoreReport, storeContentTree } from "./store-tree.server";

export { ContentError } from "./content-error";

/**
 * Bump when the way files map to rows changes (a new column filled from existing files): every
 * recorded hash then differs and the next start rewrites everything once.
 */
const contentFormatVersion = 1;

export type ContentLogger = {
  info(obj: object, msg: string): void;
};

export type LoadReport = StoreReport & {
  /** False when every file had the hash recorded at the last load: nothing was written. */
  changed: boolean;
  files: number;
};

/**
 * Loads the content folder into the database. Every file is read and validated first (a bad one
 * throws a ContentError naming file and field, and nothing is written); then, in one
 * transaction, the entities whose files changed are upserted, those whose files are gone are
 * removed (job offers closed), and each file's hash is recorded. An unchanged folder is a no-op,
 * so running it at every start, or twice, changes nothing.
 */
export async function loadContent(db: Db, dir: string, logger: ContentLogger): Promise<LoadReport> {
  const content = await readContentFiles(dir);
  const tree = parseContentTree(content);
  const current = new Map(
    [...content.files.values()].map((f) => [f.path, `${contentFormatVersion}:${f.hash}`]),
  );

  return db.transaction(async (tx) => {
    // Read inside the transaction: on PostgreSQL two loaders serialize on the boot lock, and the
    // second then sees what the first recorded.
    const recorded = new Map(
      (await tx.select({ path: contentSources.path, hash: contentSources.hash }).from(contentSources)).map(
        (row) => [row.path, row.hash],
      ),
    );
    const changedFiles = new Set(
      [...current].filter(([path, hash]) => recorded.get(path) !== hash).map(([path]) => path),
    );
    const goneFiles = [...recorded.keys()].filter((path) => !current.has(path));
    if (changedFiles.size === 0 && goneFiles.length === 0) {
      logger.info({ files: current.size }, "content unchanged");
      return { changed: false, files: current.size, upserted: 0, removed: 0, closed: 0 };
    }

    // A unit also counts as changed when one of its files went away (e.g. an offer's es.md).
    const touchedUnits = new Set(
      goneFiles.map((file) => unitKeyOf(file)).filter((key): key is string => key !== null),
    );
    const changed = (unit: Unit<unknown>) =>
      touchedUnits.has(unit.key) || unit.sources.some((path) => changedFiles.has(path));
    const report = await storeContentTree(tx, tree, changed);

    const paths = [...current.keys()];
    await tx.delete(contentSources).where(paths.length ? notInArray(contentSources.path, paths) : undefined);
    for (const path of changedFiles) {
      await tx
        .insert(contentSources)
        .values({ path, hash: current.get(path)! })
        .onConflictDoUpdate({
          target: contentSources.path,
          set: { hash: sql`excluded.hash`, loadedAt: sql`now()` },
        });
    }
    logger.info(
      { files: current.size, changedFiles: changedFiles.size, goneFiles: goneFiles.length, ...report },
      "content loaded",
    );
    return { changed: true, files: current.size, ...report };
  });
}
