import { and, getTableColumns, notInArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Tx } from "~/platform/db/client.server";
import type { Art } from "~/ui/art/art";
import type { ContentFile } from "./read-tree.server";
import { siteSettings } from "./tables";

/** An entity and the files it was made from; the loader rewrites it only when one changed. */
export type Unit<T> = { key: string; sources: string[]; data: T };

/** Where a kind reports what is wrong with its files; problems are collected, not thrown. */
export type ContentProblems = {
  problem(file: string, field: string, message: string): void;
  fileProblem(file: string, message: string): void;
};

/** What a content kind gets to read and validate its files. */
export type ContentReader = ContentProblems & {
  files: ReadonlyMap<string, ContentFile>;
  /** A YAML file validated by `schema`; undefined (problems recorded) when absent or invalid. */
  parseYaml<S extends z.ZodType>(file: string, schema: S): z.infer<S> | undefined;
  /** Front matter validated by `schema` and a non-empty Markdown body. */
  parseMarkdown<S extends z.ZodType>(file: string, schema: S): { data: z.infer<S>; body: string } | undefined;
};

/** What a kind's cross-file check gets once every kind has parsed its files. */
export type ContentLookup = ContentProblems & {
  /** The valid units of another kind, by its name (the type is the one that kind exports). */
  units<U>(kind: string): Unit<U>[];
  /**
   * Whether a file exists, valid or not: a name whose file is broken is not reported again,
   * that file's own problem already says what to fix.
   */
  has(file: string): boolean;
};

/**
 * An image a unit names, checked to exist under public/ (see check-assets.server.ts); or, when
 * the unit needs an image that cannot even be named (a game with no entry in the art catalogue),
 * why: reported as it is.
 */
export type AssetReference = { file: string; field: string } & ({ asset: string } | { missing: string });

/** An illustration of a unit (ContentKind.art), with the file that frames it and what it is. */
export type UnitArt = { file: string; what: string; art: Art };

export type StoredCounts = {
  upserted: number;
  removed: number;
  /** Rows kept but closed instead of removed (job offers). */
  closed?: number;
};

/**
 * One kind of content (offices, job offers, press kits…) in one module of its feature: which
 * files are its own, how they become units, what they must agree on with other kinds, and how
 * units become rows. The kinds are listed in `contentKinds` (server/content-kinds.ts), which
 * the site hands the engine; that list's order is the order they are parsed and stored in, so a
 * kind comes after those its rows refer to.
 */
export type ContentKind<T = unknown> = {
  /** How other kinds' checks ask for its units (ContentLookup.units). */
  name: string;
  /** The unit a file belongs to ("press-kit:aurora"), or null when the file is not this kind's. */
  unitKeyOf(file: string): string | null;
  parse(reader: ContentReader): Unit<T>[];
  /** Rules across files (an offer's office exists…), run after every kind has parsed. */
  check?(units: Unit<T>[], lookup: ContentLookup): void;
  /** Images the units name. */
  assets?(units: Unit<T>[]): AssetReference[];
  /**
   * The illustrations the units are shown with, framed as their content says (a game's key art,
   * an office's city, an article's cover): the content check wants every file of each, and
   * scripts/art-renditions.ts renders them. `file` is the unit's file that frames it.
   */
  art?(units: Unit<T>[]): UnitArt[];
  /**
   * Writes the changed units and removes the rows of units that are gone (syncRows does both),
   * in the load's transaction.
   */
  store(tx: Tx, units: Unit<T>[], changed: (unit: Unit<T>) => boolean): Promise<StoredCounts>;
  /**
   * Removes gone rows that later kinds' rows may still point at while they are stored (an
   * office under job offers that move to another office). Runs after every kind's store, in
   * reverse order; returns how many rows it removed.
   */
  removeGone?(tx: Tx, units: Unit<T>[]): Promise<number>;
};

/**
 * The files of a kind whose units are one YAML file each (`games/<slug>.yaml`): `pattern` picks
 * them and captures what names a unit, `key` makes the unit's key from that match, and `unit`
 * turns a file's data, valid against `schema`, into the unit's data, or reports a problem of its
 * own and answers null to leave the file out. A plain object, read by the kind's `unitKeyOf`
 * (yamlFileKey) and `parse` (parseYamlFiles).
 */
export type YamlFiles<S extends z.ZodType, T> = {
  pattern: RegExp;
  key: (match: RegExpExecArray) => string;
  schema: S;
  unit: (data: z.infer<S>, match: RegExpExecArray, at: { file: string; reader: ContentReader }) => T | null;
};

/** The unit a file belongs to, or null when it is not one of `files`. */
export function yamlFileKey<S extends z.ZodType, T>(files: YamlFiles<S, T>, file: string): string | null {
  const match = files.pattern.exec(file);
  return match ? files.key(match) : null;
}

/**
 * The units of `files`, in the files' name order, so problems and units come in the same order
 * whatever order the tree lists them in.
 */
export function parseYamlFiles<S extends z.ZodType, T>(
  reader: ContentReader,
  files: YamlFiles<S, T>,
): Unit<T>[] {
  const units: Unit<T>[] = [];
  for (const file of [...reader.files.keys()].sort()) {
    const match = files.pattern.exec(file);
    if (!match) continue;
    const parsed = reader.parseYaml(file, files.schema);
    if (parsed === undefined) continue;
    const data = files.unit(parsed, match, { file, reader });
    if (data !== null) units.push({ key: files.key(match), sources: [file], data });
  }
  return units;
}

/**
 * Inserts rows, or updates every given column of the rows already there, in one statement
 * (one round trip per table keeps a first load on PGlite fast). `target` is the unique key.
 */
export async function upsertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  target: PgColumn[],
  rows: Array<T["$inferInsert"]>,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const set = Object.fromEntries(
    Object.keys(rows[0] as object).map((key) => [key, sql.raw(`excluded."${columns[key]!.name}"`)]),
  );
  await tx
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({ target, set: set as PgUpdateSetSource<T> });
}

/**
 * Deletes the rows (within `scope`, when given) whose `key` is not among `keep`; returns how many.
 */
export async function deleteMissing(
  tx: Tx,
  table: PgTable,
  key: PgColumn,
  keep: string[],
  scope?: SQL,
): Promise<number> {
  const where = and(scope, keep.length ? notInArray(key, keep) : undefined);
  const deleted = await tx.delete(table).where(where).returning({ key });
  return deleted.length;
}

/**
 * The store step of most kinds: delete the rows whose unit is gone, then upsert the rows of the
 * changed units. `key` names a row (unique alone, or with `scope`'s columns in `target`); `row`
 * maps a unit's data to its row or rows. Counts units upserted and rows removed.
 */
export async function syncRows<T extends PgTable, U>(
  tx: Tx,
  spec: {
    table: T;
    key: PgColumn;
    units: Unit<U>[];
    changed: (unit: Unit<U>) => boolean;
    row: (data: U) => T["$inferInsert"] | Array<T["$inferInsert"]>;
    /** Only the rows in this scope are these units' (one vocabulary of a shared table). */
    scope?: SQL;
    /** The conflict target when `key` is unique only with other columns. */
    target?: PgColumn[];
  },
): Promise<StoredCounts> {
  const rowsOf = (data: U) => [spec.row(data)].flat() as Array<T["$inferInsert"]>;
  const keyName = Object.entries(getTableColumns(spec.table)).find(([, column]) => column === spec.key)?.[0];
  if (!keyName) throw new Error(`syncRows: ${spec.key.name} is not a column of the table`);
  const keep = spec.units.flatMap((u) =>
    rowsOf(u.data).map((row) => String((row as Record<string, unknown>)[keyName])),
  );
  const removed = await deleteMissing(tx, spec.table, spec.key, keep, spec.scope);
  const changed = spec.units.filter(spec.changed);
  await upsertRows(
    tx,
    spec.table,
    spec.target ?? [spec.key],
    changed.flatMap((u) => rowsOf(u.data)),
  );
  return { upserted: changed.length, removed };
}

/** One row of site_settings (the studio's settings, the home page's texts), written whole. */
export async function storeSetting(tx: Tx, key: string, value: unknown): Promise<void> {
  await tx
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value` } });
}
