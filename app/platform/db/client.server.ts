import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import lockfile from "proper-lockfile";
import type { Logger } from "~/platform/logging.server";
import { type Availability, trackAvailability } from "./availability.server";
import { queryCounter } from "./query-count.server";
/**
 * The query builder every service takes; the same on PGlite and PostgreSQL. It knows no table:
 * each feature imports its own (app/features/<name>/tables.ts), the platform its (./schema).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction is a Db too, so services compose inside one. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const migrationsFolder = path.resolve(process.cwd(), "app/platform/db/migrations");

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `work` while holding a cluster-wide lock, so only one process migrates or loads. */
  withBootLock<T>(work: () => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Whether the database can be reached, as the process last found (availability.server.ts):
   * requests answer 503 while it cannot.
   */
  availability: Availability;
  /**
   * The embedded database's own dump (a gzipped tar of its data folder), taken in this process,
   * which holds it (`npm run db:backup`); PostgreSQL has pg_dump instead.
   */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
};

export class DatabaseLockedError extends Error {}

/**
 * PGlite: one in-process instance per data folder. A second process opening the same folder
 * would corrupt it, so the folder is locked and a second opener fails with a clear message.
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (dataDir) {
    const dir = path.join(dataDir, "pglite");
    fs.mkdirSync(dir, { recursive: true });
    try {
      release = await lockfile.lock(dir, { stale: 15_000, update: 5_000, realpath: false });
    } catch {
      throw new DatabaseLockedError(
        `The embedded database in ${dir} is in use by another process. Stop it first, or set DATABASE_URL to share a PostgreSQL server between processes.`,
      );
    }
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  return pgliteDatabase(client, release);
}

/** A loaded PGlite from a data-folder dump (tests copy one prepared database per file). */
export async function openPgliteFromDump(dump: Blob): Promise<Database> {
  return pgliteDatabase(new PGlite({ loadDataDir: dump }));
}

/** The `Database` over a PGlite instance, once it is ready; `release` frees its folder's lock. */
async function pgliteDatabase(client: PGlite, release?: () => Promise<void>): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite(client, { logger: queryCounter }) as unknown as Db;
  const ping = async () => {
    await client.query("select 1");
  };
  return {
    db,
    kind: "pglite",
    withBootLock: (work) => work(),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping,
    // In the process, so never unreachable; a failed ping (a closed database) is noted all the same.
    availability: trackAvailability(ping),
    dumpDataDir: () => client.dumpDataDir("gzip"),
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}

const BOOT_LOCK_KEY = 7_283_114; // any constant shared by every process of this app

/**
 * How long a query waits for a pooled connection (all busy, or the server slow to accept one)
 * before it fails: a request never hangs on an unreachable database.
 */
const CONNECT_TIMEOUT_MS = 5000;

/** PostgreSQL: a pool shared by loaders, the API and workers; several processes may share it. */
export function openPostgres(
  url: string,
  options: { max?: number; logger?: Pick<Logger, "warn" | "info"> } = {},
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  const db = drizzlePg(pool, { logger: queryCounter }) as unknown as Db;
  const ping = async () => {
    await db.execute(sql`select 1`);
  };
  const availability = trackAvailability(ping, { logger: options.logger });
  // A server that stops or restarts ends every connection. An idle one's error reaches the pool;
  // a checked-out one's (a transaction's) is emitted on its client, where without a listener it
  // would be an uncaught exception that ends the process. Both only mark the database down: the
  // query that used the connection fails on its own, and the pool drops the connection.
  pool.on("error", (err) => availability.lost(err));
  pool.on("connect", (client) => client.on("error", (err) => availability.lost(err)));
  return {
    db,
    kind: "postgres",
    async withBootLock(work) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [BOOT_LOCK_KEY]);
        return await work();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [BOOT_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    ping,
    availability,
    close: () => {
      availability.close();
      return pool.end();
    },
  };
}

export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  logger?: Pick<Logger, "warn" | "info">;
}): Promise<Database> {
  return options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl, { logger: options.logger }))
    : openPglite(options.dataDir);
}
