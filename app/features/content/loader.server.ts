import { notInArray, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { contentSources, contentVersion } from "~/platform/db/schema";
import type { ContentKind } from "./content-kinds.server";
import { parseContentTree, type Unit, unitKeyOf } from "./parse-tree.server";
import { readContentFiles } from "./read-tree.server";
import { currentStampOf, digestOf } from "./stamp.server";
import { type StoreReport, storeContentTree } from "./store-tree.server";

export { ContentError } from "./content-error";

/**
 * Bump when the way files map to rows changes (a new column filled from existing files): every
 * recorded hash then differs and the next start rewrites everything once.
 */
const contentFormatVersion = 1;

export type ContentLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export type LoadReport = StoreReport & {
  /** False when every file had the hash recorded at the last load: nothing was written. */
  changed: boolean;
  files: number;
  /**
   * Why the folder was not loaded at all: the database holds a newer stamp ("older"), or the
   * folder has no current stamp and the database already holds content ("unstamped").
   */
  refused?: "older" | "unstamped";
};

/** A tree's place in the order of trees: its stamp's time (null: none or stale), then the format. */
type Version = { stampedAt: Date | null; files: string; format: number };

/**
 * Whether a process may load its folder over what the database holds. Trees only move forward:
 * a folder loads when its stamp is newer than the recorded one (or as new with a newer loader
 * format); one without a current stamp loads only into a database that holds no content yet.
 * The same stamp over the same files is the tree already loaded (its hashes then say that
 * nothing changed).
 */
export function mayLoad(tree: Version, recorded: Version | "empty"): true | "older" | "unstamped" {
  if (recorded === "empty") return true;
  if (tree.stampedAt === null) return "unstamped";
  if (recorded.stampedAt === null) return true;
  const byTime = tree.stampedAt.getTime() - recorded.stampedAt.getTime();
  if (byTime !== 0) return byTime > 0 ? true : "older";
  if (tree.format !== recorded.format) return tree.format > recorded.format ? true : "older";
  return tree.files === recorded.files ? true : "older";
}

/**
 * Loads the content folder into the database. Every file is read and validated first (a bad one
 * throws a ContentError naming file and field, and nothing is written); then, in one
 * transaction, the entities whose files changed are upserted, those whose files are gone are
 * removed (job offers closed), and each file's hash is recorded. An unchanged folder is a no-op,
 * so running it at every start, or twice, changes nothing.
 *
 * A folder older than what the database holds is not loaded (mayLoad), and the process says so
 * once, at its start: it serves the newer content the database holds. `anyTree` (development:
 * the developer's own database follows their checkout) loads whatever the folder holds.
 */
export async function loadContent(
  db: Db,
  dir: string,
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own unit type.
  kinds: readonly ContentKind<any>[],
  logger: ContentLogger,
  options: { anyTree?: boolean } = {},
): Promise<LoadReport> {
  const content = await readContentFiles(dir);
  const tree = parseContentTree(content, kinds);
  const current = new Map(
    [...content.files.values()].map((f) => [f.path, `${contentFormatVersion}:${f.hash}`]),
  );
  const files = digestOf(content.files.values());
  // A stamp over other files than these is no stamp: the folder was edited after it.
  const stampedAt = currentStampOf(content, files);
  const version: Version = { stampedAt, files, format: contentFormatVersion };

  return db.transaction(async (tx) => {
    // Read inside the transaction: on PostgreSQL two loaders serialize on the boot lock, and the
    // second then sees what the first recorded.
    const [recordedVersion] = await tx.select().from(contentVersion);
    const [anySource] = await tx.select({ path: contentSources.path }).from(contentSources).limit(1);
    const verdict = options.anyTree
      ? true
      : mayLoad(
          version,
          recordedVersion ?? (anySource ? { stampedAt: null, files: "", format: 0 } : "empty"),
        );
    if (verdict !== true) {
      const stamps = {
        dir,
        files: content.stamp?.stampedAt.toISOString() ?? null,
        stale: content.stamp !== null && stampedAt === null,
        database: recordedVersion?.stampedAt?.toISOString() ?? null,
      };
      logger.warn(
        stamps,
        verdict === "older"
          ? "content not loaded: the database holds newer content than this process's folder, and this process serves it"
          : "content not loaded: the folder has no current stamp (npm run content:check -- --stamp) and the database already holds content, which this process serves",
      );
      return { changed: false, files: current.size, upserted: 0, removed: 0, closed: 0, refused: verdict };
    }
    const record = () =>
      tx
        .insert(contentVersion)
        .values({ only: true, ...version })
        .onConflictDoUpdate({
          target: contentVersion.only,
          set: {
            stampedAt: version.stampedAt,
            files: version.files,
            format: version.format,
            loadedAt: sql`now()`,
          },
        });

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
      // The same files under a newer stamp: only the stamp moves.
      if (recordedVersion?.stampedAt?.getTime() !== version.stampedAt?.getTime()) await record();
      logger.info({ files: current.size }, "content unchanged");
      return { changed: false, files: current.size, upserted: 0, removed: 0, closed: 0 };
    }

    // A unit also counts as changed when one of its files went away (e.g. an offer's es.md).
    const touchedUnits = new Set(
      goneFiles.map((file) => unitKeyOf(file, kinds)).filter((key): key is string => key !== null),
    );
    const changed = (unit: Unit<unknown>) =>
      touchedUnits.has(unit.key) || unit.sources.some((path) => changedFiles.has(path));
    const report = await storeContentTree(tx, tree, changed, kinds);

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
    await record();
    logger.info(
      {
        files: current.size,
        stamped: version.stampedAt?.toISOString() ?? null,
        changedFiles: changedFiles.size,
        goneFiles: goneFiles.length,
        ...report,
      },
      "content loaded",
    );
    return { changed: true, files: current.size, ...report };
  });
}
