import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, describe, expect, it } from "vitest";
import { type Database, type Db, openPglite, openPostgres } from "~/platform/db/client.server";
import { exportDump, importDump, MoveError, schemaTables } from "~/platform/db/move.server";
import * as platformTables from "~/platform/db/schema";
import type { FileStore } from "~/platform/files/file-store.server";
import { createPostgresDatabase } from "./support/postgres";

/**
 * `npm run db:export` / `npm run db:import` (app/platform/db/move.server.ts): a site started on
 * the embedded database moves to a PostgreSQL server, and back, with every row of every table
 * of the schema as it was, its ids' sequences, and its upload files. The source is filled with
 * rows generated from the schema itself, so a table added later is filled (and checked) too.
 * Tests that open two or three databases get more time: each takes seconds on a busy machine.
 */

const run = promisify(execFile);
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function rowsOf<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** An empty embedded database, migrated (in memory, or in `dataDir` as the site keeps it). */
async function freshPglite(dataDir?: string): Promise<Database> {
  const database = await openPglite(dataDir);
  await database.migrate();
  return database;
}

/** An empty database of its own on the machine's PostgreSQL server, migrated. */
async function freshPostgres(): Promise<Database & { url: string }> {
  const created = await createPostgresDatabase("studio_move");
  const database = openPostgres(created.url, { max: 2 });
  cleanups.push(async () => {
    await database.close().catch(() => {});
    await created.drop();
  });
  await database.migrate();
  return { ...database, url: created.url };
}

/** A value for a column of a PostgreSQL type, as text, different for each row. */
function valueFor(type: string, row: number, enumValues: readonly string[] | undefined, label: string) {
  if (enumValues?.length) return enumValues[row % enumValues.length] as string;
  const fixed = /^character\((\d+)\)$/.exec(type);
  if (fixed) return `${row}${"abcdef0123456789".repeat(8)}`.slice(0, Number(fixed[1]));
  switch (type) {
    case "uuid":
      return crypto.randomUUID();
    case "text":
    case "character varying":
      // Quotes, backslashes, control characters and characters outside the BMP.
      return `${label} #${row}: é ✓ "quoted" 'single' \\ back\n\ttab 😀`;
    case "integer":
    case "smallint":
      return String(1000 + row);
    case "bigint":
      // Beyond a JavaScript number's exact integers.
      return row === 0 ? "9007199254740993" : "-5";
    case "boolean":
      return row % 2 === 0 ? "true" : "false";
    case "timestamp with time zone":
      return row === 0 ? "2026-03-04 05:06:07.123456+00" : "1999-12-31 23:59:59.999999+00";
    case "timestamp without time zone":
      return row === 0 ? "2026-03-04 05:06:07.123456" : "1999-12-31 23:59:59.999999";
    case "date":
      return row === 0 ? "2026-02-28" : "2000-02-29";
    case "jsonb":
    case "json":
      return `{"row": ${row}, "big": 123456789012345678901234567890, "f": 0.1, "s": "é ✓ \\"q\\" \\u0001", "a": [null, true, {"k": []}]}`;
    case "double precision":
      return row === 0 ? "0.30000000000000004" : "-1.5e-300";
    case "real":
      return "0.1";
    case "bytea":
      return "\\x00ff7f80";
    default:
      if (type.startsWith("numeric")) return "12345678901234567890.123456789";
      if (type.endsWith("[]")) return "{}";
      throw new Error(`${label}: no test value for type ${type}: teach db-move.db.test.ts`);
  }
}

/** Tables whose CHECK constraints a generic value breaks: the values, per row, that keep them. */
const checked: Record<string, Array<Record<string, string>>> = {
  // A pending e-mail holds everything it sends; any other holds none of it (decision 0047).
  outbox_emails: [
    { status: "pending" },
    { status: "sent", headers: "{}", attachments: "[]", recipient_hash: "ab".repeat(32) },
  ],
};

/** The Drizzle tables the migrations are generated from: the platform's and each feature's. */
function drizzleTables() {
  const featureTables = import.meta.glob<Record<string, unknown>>("/app/features/*/tables.ts", {
    eager: true,
  });
  const tables = new Map<string, ReturnType<typeof getTableConfig>>();
  const owners = new Map<string, PgTable>();
  for (const module of [platformTables, ...Object.values(featureTables)]) {
    for (const value of Object.values(module) as unknown[]) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      // drizzle-kit takes two tables of one name as one and writes no migration for the second:
      // a feature's new table named like another's would silently not exist.
      if (owners.has(config.name) && owners.get(config.name) !== value) {
        throw new Error(`two Drizzle tables are named ${config.name}`);
      }
      owners.set(config.name, value);
      tables.set(config.name, config);
    }
  }
  return tables;
}

/** Two rows in every table of the schema, parents first; the second leaves optional columns NULL. */
async function fill(db: Db) {
  const tables = drizzleTables();
  const inserted = new Map<string, Array<Record<string, string | null>>>();
  for (const { name } of await schemaTables(db)) {
    const config = tables.get(name);
    if (!config) throw new Error(`${name} is not in the schema`);
    const types = new Map(
      (
        await rowsOf<{ name: string; type: string }>(
          db,
          sql`select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
              where attrelid = ${name}::regclass and attnum > 0 and not attisdropped and attgenerated = ''`,
        )
      ).map((c) => [c.name, c.type]),
    );
    const keyColumns = new Set([
      ...config.columns.filter((c) => c.primary).map((c) => c.name),
      ...config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)),
    ]);
    const references = new Map<string, { table: string; column: string }>();
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      ref.columns.forEach((column, i) => {
        references.set(column.name, {
          table: getTableConfig(ref.foreignTable).name,
          column: ref.foreignColumns[i]?.name ?? "",
        });
      });
    }
    const rows: Array<Record<string, string | null>> = [];
    for (const row of [0, 1]) {
      const values: Record<string, string | null> = {};
      for (const column of config.columns) {
        const type = types.get(column.name);
        if (!type) throw new Error(`${name}.${column.name} is not in the database`);
        const ref = references.get(column.name);
        if (ref) values[column.name] = inserted.get(ref.table)?.[row]?.[ref.column] ?? null;
        else if (row === 1 && !column.notNull && !keyColumns.has(column.name)) values[column.name] = null;
        else values[column.name] = valueFor(type, row, column.enumValues, `${name}.${column.name}`);
      }
      Object.assign(values, checked[name]?.[row]);
      const columns = Object.keys(values);
      await db.execute(
        sql`insert into ${sql.identifier(name)} (${sql.join(
          columns.map((c) => sql.identifier(c)),
          sql`, `,
        )}) values (${sql.join(
          columns.map((c) => sql`${values[c]}::${sql.raw(types.get(c) ?? "text")}`),
          sql`, `,
        )})`,
      );
      rows.push(values);
    }
    inserted.set(name, rows);
  }
}

/** Every table's rows as PostgreSQL writes them as text (UTC), sorted: equal means identical. */
async function snapshot(db: Db): Promise<Record<string, string[][]>> {
  const result: Record<string, string[][]> = {};
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    await tx.execute(sql`set local extra_float_digits to 1`);
    for (const { name } of await schemaTables(tx)) {
      const columns = await rowsOf<{ name: string }>(
        tx,
        sql`select attname as name from pg_attribute
            where attrelid = ${name}::regclass and attnum > 0 and not attisdropped order by attname`,
      );
      const list = sql.raw(columns.map((c) => `"${c.name}"::text`).join(", "));
      const rows = await rowsOf<Record<string, string | null>>(
        tx,
        sql`select ${list} from ${sql.identifier(name)} order by ${sql.raw(columns.map((_, i) => String(i + 1)).join(", "))}`,
      );
      result[name] = rows.map((row) => columns.map((c) => row[c.name] ?? "<NULL>"));
    }
  });
  return result;
}

async function dumpOf(db: Db, files?: FileStore): Promise<string[]> {
  const lines: string[] = [];
  await exportDump(db, (line) => void lines.push(line), { files });
  return lines;
}

async function* streamOf(lines: string[]) {
  yield* lines;
}

/** The serial columns whose sequence would hand out an id already taken. */
async function sequencesBehind(db: Db): Promise<string[]> {
  const serials = await rowsOf<{ tbl: string; col: string; seq: string }>(
    db,
    sql`select table_name as tbl, column_name as col, pg_get_serial_sequence(table_name, column_name) as seq
        from information_schema.columns
        where table_schema = 'public' and pg_get_serial_sequence(table_name, column_name) is not null`,
  );
  const behind: string[] = [];
  for (const { tbl, col, seq } of serials) {
    const [row] = await rowsOf<{ next: string; max: string | null }>(
      db,
      sql`select nextval(${seq}::regclass)::text as next, (select max(${sql.identifier(col)}) from ${sql.identifier(tbl)})::text as max`,
    );
    if (row?.max !== null && Number(row?.next) <= Number(row?.max)) behind.push(`${tbl}.${col}`);
  }
  return behind;
}

describe("moving the site between the embedded database and PostgreSQL", () => {
  it("takes every table of the database, which are the platform's and the features' tables", async () => {
    const database = await freshPglite();
    cleanups.push(() => database.close());
    const names = (await schemaTables(database.db)).map((table) => table.name);
    const present = await rowsOf<{ name: string }>(
      database.db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    expect(present.length).toBeGreaterThan(40);
    expect([...names].sort()).toEqual(present.map((row) => row.name));
    expect([...drizzleTables().keys()].sort()).toEqual(present.map((row) => row.name));
  });

  it("moves every row of every table from PGlite to PostgreSQL exactly, and back", {
    timeout: 120_000,
  }, async () => {
    const source = await freshPglite();
    cleanups.push(() => source.close());
    await fill(source.db);
    const before = await snapshot(source.db);
    // Every table was filled: one the dump left out would come back empty.
    const empty = Object.entries(before).filter(([, rows]) => rows.length !== 2);
    expect(empty.map(([name]) => name)).toEqual([]);
    expect(Object.keys(before).length).toBe((await schemaTables(source.db)).length);

    const dump = await dumpOf(source.db);
    const target = await freshPostgres();
    const summary = await importDump(target.db, streamOf(dump));
    // Every table of the schema, two rows each.
    expect(summary.rows).toEqual(Object.fromEntries(Object.keys(before).map((name) => [name, 2])));
    expect(await snapshot(target.db)).toEqual(before);
    expect(await sequencesBehind(target.db)).toEqual([]);

    // And back, into a new embedded database.
    const back = await freshPglite();
    cleanups.push(() => back.close());
    await importDump(back.db, streamOf(await dumpOf(target.db)));
    expect(await snapshot(back.db)).toEqual(before);
    expect(await sequencesBehind(back.db)).toEqual([]);
  });

  it("refuses a target with rows unless forced, and leaves it untouched when a dump is cut short", {
    timeout: 120_000,
  }, async () => {
    const source = await freshPglite();
    cleanups.push(() => source.close());
    await fill(source.db);
    const dump = await dumpOf(source.db);
    const target = await freshPostgres();

    await expect(importDump(target.db, streamOf(dump.slice(0, -3)))).rejects.toThrow(/cut short/);
    const left = await snapshot(target.db);
    expect(Object.keys(left).length).toBe((await schemaTables(target.db)).length);
    expect(Object.entries(left).filter(([, rows]) => rows.length > 0)).toEqual([]);

    await importDump(target.db, streamOf(dump));
    await expect(importDump(target.db, streamOf(dump))).rejects.toThrow(MoveError);
    await expect(importDump(target.db, streamOf(dump))).rejects.toThrow(/not empty.*--force/);
    await importDump(target.db, streamOf(dump), { force: true });
    expect(await snapshot(target.db)).toEqual(await snapshot(source.db));
  });

  it("takes a table the migrations did not make, and a target without it refuses the dump", async () => {
    const source = await freshPglite();
    cleanups.push(() => source.close());
    await source.db.execute(sql`create table made_by_hand (id integer)`);
    await source.db.execute(sql`insert into made_by_hand values (7)`);
    const dump = await dumpOf(source.db);
    expect(dump.some((line) => line.includes('"table":"made_by_hand"'))).toBe(true);
    const target = await freshPglite();
    cleanups.push(() => target.close());
    await expect(importDump(target.db, streamOf(dump))).rejects.toThrow(/unknown: made_by_hand/);
  });

  it("runs as npm run db:export and db:import, upload files included", { timeout: 180_000 }, async () => {
    // A site's data folder on the embedded database, with an upload.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-move-"));
    const newDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-move-new-"));
    cleanups.push(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(newDataDir, { recursive: true, force: true });
    });
    const source = await freshPglite(dataDir);
    await fill(source.db);
    const before = await snapshot(source.db);
    await source.close();
    const upload = crypto.randomUUID();
    fs.mkdirSync(path.join(dataDir, "uploads"));
    const bytes = crypto.randomBytes(70_000);
    fs.writeFileSync(path.join(dataDir, "uploads", upload), bytes);

    const target = await freshPostgres();
    const file = path.join(dataDir, "dump.jsonl");
    const npm = (args: string[], env: Record<string, string>) =>
      run("npm", ["run", "--silent", ...args], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
        maxBuffer: 10_000_000,
      });
    const exported = await npm(["db:export", "--", "--out", file, "--files"], { DATA_DIR: dataDir });
    expect(exported.stderr).toMatch(/exported \d+ rows of \d+ tables from pglite, and 1 upload files/);
    // Password hashes, second-factor secrets and résumés: for its owner's eyes only.
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe("600");
    const imported = await npm(["db:import", "--", "--in", file], {
      DATABASE_URL: target.url,
      DATA_DIR: newDataDir,
    });
    expect(imported.stderr).toMatch(/imported \d+ rows of \d+ tables into postgres, and 1 upload files/);
    expect(await snapshot(target.db)).toEqual(before);
    expect(fs.readFileSync(path.join(newDataDir, "uploads", upload)).equals(bytes)).toBe(true);

    // Again into the now filled database: refused, with the way out named.
    const again = await npm(["db:import", "--", "--in", file], {
      DATABASE_URL: target.url,
      DATA_DIR: newDataDir,
    }).catch((err: { code: number; stderr: string }) => err);
    expect("code" in again && again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty.*--force/);
  });
});
