import { type SQL, sql } from "drizzle-orm";
import type { FileStore } from "~/platform/files/file-store.server";
import type { Db, Tx } from "./client.server";

/**
 * The whole site's data as JSON lines, from one database to another (`npm run db:export` and
 * `npm run db:import`): from the embedded database to a PostgreSQL server, or back.
 *
 * Line 1 is a header (format, the schema's migration level, the tables in dependency order);
 * then, per table, a line naming its columns and their types, and one line per row with every
 * value as PostgreSQL writes it as text (null for NULL). Text is exact for every type (bytea in
 * hex, timestamps with their offset and microseconds, jsonb as written, floats in their
 * shortest exact form), and the target reads it with a cast to the column's type. With the
 * upload files, a line per file (base64). The last line counts rows and files: a dump cut short
 * is refused.
 */
export const DUMP_FORMAT = "studio-dump";
export const DUMP_VERSION = 1;

export class MoveError extends Error {
  override name = "MoveError";
}

export type SchemaTable = {
  /** As written in SQL, quoted: "public"."uploads". */
  qualified: string;
  name: string;
  /** The tables its foreign keys point at (parents come first in `schemaTables`). */
  parents: string[];
};

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Every table of the database (schema public), parents before the tables whose foreign keys use
 * them: read from the database itself, which the migrations built from the platform's and every
 * feature's tables, so no list here can forget one.
 */
export async function schemaTables(db: Db | Tx): Promise<SchemaTable[]> {
  const names = await query<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const links = await query<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const byName = new Map<string, SchemaTable>();
  for (const { name } of names)
    byName.set(name, { name, qualified: `${quote("public")}.${quote(name)}`, parents: [] });
  for (const { child, parent } of links) {
    const table = byName.get(child);
    if (table && parent !== child && !table.parents.includes(parent)) table.parents.push(parent);
  }
  const ordered: SchemaTable[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: SchemaTable) => {
    if (state.get(table.name) === "done") return;
    if (state.get(table.name) === "visiting")
      throw new MoveError(`foreign keys form a cycle at ${table.name}`);
    state.set(table.name, "visiting");
    for (const parent of table.parents) {
      const found = byName.get(parent);
      if (found) visit(found);
    }
    state.set(table.name, "done");
    ordered.push(table);
  };
  for (const table of [...byName.values()].sort((a, b) => a.name.localeCompare(b.name))) visit(table);
  return ordered;
}

async function query<T>(db: Db | Tx, statement: SQL): Promise<T[]> {
  const result = await db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

/** The session settings under which text is written and read the same way on both sides. */
async function exactText(tx: Tx) {
  await tx.execute(sql`set local timezone to 'UTC'`);
  await tx.execute(sql`set local datestyle to 'ISO, YMD'`);
  await tx.execute(sql`set local intervalstyle to 'postgres'`);
  await tx.execute(sql`set local bytea_output to 'hex'`);
  await tx.execute(sql`set local extra_float_digits to 1`);
}

type Column = { name: string; type: string };

/** A table's stored columns (generated ones are computed again by the target), in order. */
async function columnsOf(tx: Tx, table: SchemaTable): Promise<Column[]> {
  return query<Column>(
    tx,
    sql`select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
        where attrelid = ${table.qualified}::regclass and attnum > 0 and not attisdropped
          and attgenerated = '' order by attnum`,
  );
}

/** The last migration applied (drizzle's journal), which export and import must agree on. */
async function migrationLevel(tx: Tx): Promise<string> {
  const [row] = await query<{ level: string | null }>(
    tx,
    sql`select max(created_at)::text as level from drizzle.__drizzle_migrations`,
  ).catch(() => [{ level: null }]);
  if (!row?.level) throw new MoveError("the database has no tables yet: start the site on it once first");
  return row.level;
}

type Header = { format: string; version: number; migration: string; tables: string[]; files: boolean };
type TableLine = { table: string; columns: string[]; types: string[] };
type RowLine = { r: Array<string | null> };
type FileLine = { file: string; base64: string };
type EndLine = { end: { rows: Record<string, number>; files: number } };

export type DumpSummary = { rows: Record<string, number>; files: number };

/**
 * Writes the database `db` as a dump, one line at a time, from one snapshot. With `files`
 * (the site's file store), the upload files go along (the rows only name them).
 */
export async function exportDump(
  db: Db,
  write: (line: string) => Promise<void> | void,
  options: { files?: FileStore } = {},
): Promise<DumpSummary> {
  const summary: DumpSummary = { rows: {}, files: 0 };
  await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    await exactText(tx);
    const tables = await schemaTables(tx);

    const header: Header = {
      format: DUMP_FORMAT,
      version: DUMP_VERSION,
      migration: await migrationLevel(tx),
      tables: tables.map((table) => table.name),
      files: options.files !== undefined,
    };
    await write(JSON.stringify(header));
    for (const table of tables) {
      const columns = await columnsOf(tx, table);
      const line: TableLine = {
        table: table.name,
        columns: columns.map((c) => c.name),
        types: columns.map((c) => c.type),
      };
      await write(JSON.stringify(line));
      const select = sql.raw(columns.map((c) => `${quote(c.name)}::text`).join(", "));
      await tx.execute(
        sql`declare studio_export no scroll cursor for select ${select} from ${sql.raw(table.qualified)}`,
      );
      let count = 0;
      for (;;) {
        const batch = await query<Record<string, string | null>>(
          tx,
          sql`fetch forward 500 from studio_export`,
        );
        for (const row of batch) {
          const values = Object.values(row);
          if (values.length !== columns.length)
            throw new MoveError(`${table.name}: a row of the wrong width`);
          await write(JSON.stringify({ r: values } satisfies RowLine));
        }
        count += batch.length;
        if (batch.length < 500) break;
      }
      await tx.execute(sql`close studio_export`);
      summary.rows[table.name] = count;
    }
  });
  if (options.files) {
    const stored = (await options.files.list("uploads/")).map((file) => file.key).sort();
    for (const key of stored) {
      const bytes = await options.files.get(key);
      // Deleted since it was listed (a purge, a deletion on request): not part of the dump.
      if (!bytes) continue;
      const line: FileLine = { file: key, base64: Buffer.from(bytes).toString("base64") };
      await write(JSON.stringify(line));
      summary.files++;
    }
  }
  await write(JSON.stringify({ end: summary } satisfies EndLine));
  return summary;
}

/** Values per INSERT: PostgreSQL takes at most 65535 parameters in one statement. */
const MAX_PARAMETERS = 30_000;

/**
 * Loads a dump into the migrated database `db`, in one transaction: every row, then the
 * sequences moved past the highest ids. Refuses a target holding any row unless `force`,
 * which empties it first. Upload files in the dump are written to the file store `files` (one
 * already there with other content is refused unless `force`).
 */
export async function importDump(
  db: Db,
  lines: AsyncIterable<string>,
  options: { force?: boolean; files?: FileStore } = {},
): Promise<DumpSummary> {
  // Iterated from the start: a reader (readline) emits its lines whether or not anyone listens.
  const iterator = lines[Symbol.asyncIterator]();
  const tables = await schemaTables(db);
  if (!tables.length) throw new MoveError("the database has no tables yet: start the site on it once first");
  const byName = new Map(tables.map((table) => [table.name, table]));
  const next = async (): Promise<Record<string, unknown> | undefined> => {
    for (;;) {
      const { value, done } = await iterator.next();
      if (done) return undefined;
      if (value.trim()) return JSON.parse(value) as Record<string, unknown>;
    }
  };
  const header = (await next()) as Header | undefined;
  if (header?.format !== DUMP_FORMAT) throw new MoveError("not a dump written by npm run db:export");
  if (header.version !== DUMP_VERSION)
    throw new MoveError(`dump version ${header.version}, expected ${DUMP_VERSION}`);
  const missing = tables.map((t) => t.name).filter((name) => !header.tables.includes(name));
  const extra = header.tables.filter((name) => !byName.has(name));
  if (missing.length || extra.length)
    throw new MoveError(
      `the dump's tables differ from this schema (missing: ${missing.join(", ") || "none"}; unknown: ${extra.join(", ") || "none"}): export and import with the same version of the site`,
    );

  const summary: DumpSummary = { rows: {}, files: 0 };
  const files: FileLine[] = [];
  await db.transaction(async (tx) => {
    await exactText(tx);
    const level = await migrationLevel(tx);
    if (level !== header.migration)
      throw new MoveError(
        `the dump is at migration ${header.migration}, this database at ${level}: export and import with the same version of the site`,
      );
    const filled: string[] = [];
    for (const table of tables) {
      const [row] = await query<{ filled: boolean }>(
        tx,
        sql`select exists (select 1 from ${sql.raw(table.qualified)}) as filled`,
      );
      if (row?.filled) filled.push(table.name);
    }
    if (filled.length && !options.force)
      throw new MoveError(
        `the target is not empty (${filled.join(", ")}): import into an empty database, or add --force to replace what it holds`,
      );
    if (filled.length)
      await tx.execute(
        sql.raw(`truncate ${tables.map((t) => t.qualified).join(", ")} restart identity cascade`),
      );

    let current:
      | { table: SchemaTable; columns: string[]; casts: string[]; rows: Array<Array<string | null>> }
      | undefined;
    const flush = async () => {
      if (!current?.rows.length) return;
      const { table, columns, casts, rows } = current;
      const names = sql.raw(columns.map(quote).join(", "));
      const tuples = rows.map(
        (row) =>
          sql`(${sql.join(
            row.map((value, i) => sql`${value}::${sql.raw(casts[i] ?? "text")}`),
            sql`, `,
          )})`,
      );
      await tx.execute(
        sql`insert into ${sql.raw(table.qualified)} (${names}) overriding system value values ${sql.join(tuples, sql`, `)}`,
      );
      summary.rows[table.name] = (summary.rows[table.name] ?? 0) + rows.length;
      current.rows = [];
    };
    for (;;) {
      const line = await next();
      if (line === undefined) throw new MoveError("the dump ends early (no closing line): it was cut short");
      if ("end" in line) {
        await flush();
        const expected = (line as EndLine).end;
        for (const table of tables) {
          const got = summary.rows[table.name] ?? 0;
          const want = expected.rows[table.name] ?? 0;
          if (got !== want) throw new MoveError(`${table.name}: ${got} rows read, the dump says ${want}`);
          summary.rows[table.name] = got;
        }
        if (files.length !== expected.files)
          throw new MoveError(`${files.length} files read, the dump says ${expected.files}`);
        break;
      }
      if ("table" in line) {
        await flush();
        const { table: name, columns, types } = line as TableLine;
        const table = byName.get(name);
        if (!table) throw new MoveError(`the dump has a table this schema lacks: ${name}`);
        const target = await columnsOf(tx, table);
        const want = target.map((c) => `${c.name} ${c.type}`).sort();
        const got = columns.map((c, i) => `${c} ${types[i]}`).sort();
        if (want.join() !== got.join())
          throw new MoveError(
            `${name}: the dump's columns (${got.join(", ")}) differ from the target's (${want.join(", ")})`,
          );
        current = { table, columns, casts: types, rows: [] };
        summary.rows[name] = 0;
      } else if ("r" in line) {
        if (!current) throw new MoveError("a row before its table");
        const row = (line as RowLine).r;
        if (row.length !== current.columns.length)
          throw new MoveError(`${current.table.name}: a row of the wrong width`);
        current.rows.push(row);
        if ((current.rows.length + 1) * current.columns.length > MAX_PARAMETERS) await flush();
      } else if ("file" in line) {
        files.push(line as FileLine);
      } else {
        throw new MoveError(`an unknown line in the dump: ${JSON.stringify(line).slice(0, 100)}`);
      }
    }

    // serial and identity columns: the next id comes after the highest one imported.
    const sequences = await query<{ qualified: string; col: string; sequence: string }>(
      tx,
      sql`select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as qualified, a.attname as col,
                 pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) as sequence
          from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
            and pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) is not null`,
    );
    for (const { qualified, col, sequence } of sequences) {
      await tx.execute(
        sql`select setval(${sequence}::regclass, coalesce((select max(${sql.raw(quote(col))}) from ${sql.raw(qualified)}), 0) + 1, false)`,
      );
    }

    // Files last, still inside the transaction: a failure here leaves the database as it was.
    if (files.length) {
      const store = options.files;
      if (!store) throw new MoveError("the dump has upload files but no file store to put them in");
      for (const file of files) {
        const name = file.file.replace(/^uploads\//, "");
        if (!/^[\w.-]+$/.test(name) || name.startsWith("."))
          throw new MoveError(`not an upload file name: ${file.file}`);
        const key = `uploads/${name}`;
        const bytes = Buffer.from(file.base64, "base64");
        const found = await store.get(key);
        const existing = found ? Buffer.from(found) : undefined;
        if (existing && !existing.equals(bytes) && !options.force)
          throw new MoveError(
            `${key} exists in the file store with other content: add --force to replace it`,
          );
        if (!existing?.equals(bytes)) await store.put(key, bytes);
        summary.files++;
      }
    }
  });
  return summary;
}
