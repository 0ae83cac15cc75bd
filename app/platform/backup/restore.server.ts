import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import lockfile from "proper-lockfile";
import type { Config } from "~/platform/config.server";
import { controlSocketPath, socketAnswers } from "~/platform/control/channel.server";
import { CommandRefused } from "~/platform/control/command";
import {
  type BackupManifest,
  DATABASE_FILES,
  FILE_KEYS,
  FILE_PREFIXES,
  libpqEnv,
  MANIFEST,
  runPgProgram,
} from "./backup.server";

/**
 * `npm run db:restore`: puts a backup (backup.server.ts) back in place of the database and, on
 * the local disk, of the file store's folders; the erasure journal's replay follows
 * (scripts/db-restore.ts). Refused while the site runs: a process holding the database would
 * keep serving what the restore replaces, or write into it half-way.
 */

/** Why the site is found running, or undefined when nothing uses the database. */
export async function siteRunning(
  config: Pick<Config, "DATABASE_URL" | "dataDir">,
): Promise<string | undefined> {
  if (config.DATABASE_URL) {
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number; apps: string }>(
        `select count(*)::int as n, string_agg(distinct coalesce(nullif(application_name, ''), client_addr::text, 'local'), ', ') as apps
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      const { n, apps } = rows[0]!;
      return n > 0
        ? `${n} other connection(s) to the database (${apps}): stop every instance of the site (and any tool) first`
        : undefined;
    } finally {
      await client.end();
    }
  }
  const socket = controlSocketPath(config.dataDir);
  if (await socketAnswers(socket))
    return `the site answers on its control socket ${socket}: stop it first (systemctl stop 'studio@*')`;
  const dir = path.join(config.dataDir, "pglite");
  if (fs.existsSync(dir) && (await lockfile.check(dir, { stale: 15_000, realpath: false })))
    return `the embedded database in ${dir} is in use by another process: stop it first`;
  return undefined;
}

export function readManifest(backup: string): BackupManifest {
  const file = path.join(backup, MANIFEST);
  if (!fs.existsSync(file)) throw new CommandRefused(`${backup} is not a complete backup: no ${MANIFEST}`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as BackupManifest;
}

async function restorePostgres(url: string, dump: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Everything the site made, gone, so that tables a later migration added go too and the
    // migrations' own record (schema drizzle) is the backup's: the next boot applies what the
    // backup lacks.
    await client.query(
      "drop schema if exists drizzle cascade; drop schema public cascade; create schema public",
    );
  } finally {
    await client.end();
  }
  await runPgProgram(
    "pg_restore",
    [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      `--dbname=${libpqEnv(url).PGDATABASE}`,
      dump,
    ],
    url,
  );
}

/**
 * The embedded database's folder replaced by the dump's, its lock held throughout; the folder it
 * replaces is put back if the dump cannot be loaded, and deleted once it is.
 */
async function restorePglite(dataDir: string, dump: string) {
  const dir = path.join(dataDir, "pglite");
  fs.mkdirSync(dir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, { stale: 15_000, update: 5_000, realpath: false });
  } catch {
    throw new CommandRefused(`the embedded database in ${dir} is in use by another process: stop it first`);
  }
  const aside = `${dir}.before-restore`;
  try {
    fs.rmSync(aside, { recursive: true, force: true });
    fs.renameSync(dir, aside);
    fs.mkdirSync(dir, { mode: 0o700 });
    try {
      const db = new PGlite(dir, { loadDataDir: new Blob([fs.readFileSync(dump)]) });
      await db.waitReady;
      await db.close();
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.renameSync(aside, dir);
      throw err;
    }
    fs.rmSync(aside, { recursive: true, force: true });
  } finally {
    await release();
  }
}

/** Copies `from` into `to`: folders 0700, files 0600, as the file store writes them. */
function copyPrivate(from: string, to: string) {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyPrivate(source, target);
    else {
      fs.copyFileSync(source, target);
      fs.chmodSync(target, 0o600);
    }
  }
}

/** The local store's folders (DATA_DIR/uploads, press-zips) made the backup's; answers the files put back. */
function restoreLocalFiles(dataDir: string, backup: string): number {
  let count = 0;
  for (const prefix of FILE_PREFIXES) {
    const folder = path.join(dataDir, prefix);
    fs.rmSync(folder, { recursive: true, force: true });
    const saved = path.join(backup, "files", prefix);
    if (!fs.existsSync(saved)) continue;
    copyPrivate(saved, folder);
    count += fs
      .readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile()).length;
  }
  return count;
}

export type RestoreResult = { database: BackupManifest["database"]; createdAt: string; files: string };

/** Restores `backup` into the configured database and, on the local disk, the file store. */
export async function restoreBackup(
  config: Pick<Config, "DATABASE_URL" | "dataDir" | "FILE_STORE_URL">,
  backup: string,
): Promise<RestoreResult> {
  const manifest = readManifest(backup);
  const target = config.DATABASE_URL ? "postgres" : "pglite";
  if (manifest.database !== target)
    throw new CommandRefused(
      `${backup} holds a ${manifest.database} database and the configuration names ${target}: move between them with db:export / db:import`,
    );
  const running = await siteRunning(config);
  if (running) throw new CommandRefused(`Refusing to restore while the site runs: ${running}.`);
  const dump = path.join(backup, DATABASE_FILES[manifest.database]);
  if (config.DATABASE_URL) await restorePostgres(config.DATABASE_URL, dump);
  else await restorePglite(config.dataDir, dump);

  let files: string;
  if (manifest.files === "copied" && !config.FILE_STORE_URL)
    files = `${restoreLocalFiles(config.dataDir, backup)} files put back under ${config.dataDir}`;
  else if (config.FILE_STORE_URL)
    files = `files not restored: the bucket keeps them (restore its objects' versions as of ${manifest.createdAt}; the keys it held are in ${path.join(backup, FILE_KEYS)})`;
  else
    files = `files not restored: the backup lists a bucket's keys (${path.join(backup, FILE_KEYS)}) and FILE_STORE_URL is unset`;
  return { database: manifest.database, createdAt: manifest.createdAt, files };
}
