import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import type { Config } from "~/platform/config.server";
import { CommandRefused, defineCommand } from "~/platform/control/command";
import { pruneErasureJournal } from "~/platform/privacy/erasure-journal.server";
import type { Services } from "~/platform/services.server";

/**
 * Backups of the site's data (deploy/README.md, "Backups and restore";
 * docs/decisions/0059-backups-and-erasure-journal.md): `npm run db:backup` writes one folder
 * under BACKUP_DIR per run, named by its UTC time, holding
 * - the database: `database.pgdump` (pg_dump's custom format) with DATABASE_URL, else
 *   `database.pglite.tar.gz` (the embedded database's own dump, taken by the process that holds
 *   it: the running site, through its control channel);
 * - the file store: on the local disk, a copy of its files (`files/uploads/…`,
 *   `files/press-zips/…`); with FILE_STORE_URL, `file-keys.jsonl`, the bucket's keys with their
 *   sizes and times (the bucket's own versioning restores them);
 * - `manifest.json`: what the folder holds.
 * The folder is written as `.<name>.partial` (0700, each file 0600 from its creation) and
 * renamed when complete, so an unfinished backup is never taken for one. Backups older than
 * BACKUP_KEEP_DAYS are deleted after each run (the newest always stays), and the erasure
 * journal's days older than the oldest backup kept with them.
 */

export const DATABASE_FILES = { postgres: "database.pgdump", pglite: "database.pglite.tar.gz" } as const;
export const FILE_KEYS = "file-keys.jsonl";
export const MANIFEST = "manifest.json";
/** The file store's folders a backup takes (every key the site writes is under one). */
export const FILE_PREFIXES = ["uploads/", "press-zips/"] as const;

export type BackupManifest = {
  createdAt: string;
  database: "postgres" | "pglite";
  /** `copied`: the files are in `files/`; `listed`: only their keys, in file-keys.jsonl. */
  files: "copied" | "listed";
  fileCount: number;
};

type BackupServices = Pick<Services, "config" | "database" | "files">;

export type BackupResult = { backup: string; bytes: number; fileCount: number; deleted: string[] };

const NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/;
/** A backup's folder name: its UTC time, sortable, with no ':' (which some tools refuse). */
const nameOf = (date: Date) => `${date.toISOString().slice(0, 19).replaceAll(":", "-")}Z`;
const timeOf = (name: string) => new Date(`${name.slice(0, 10)}T${name.slice(11, 19).replaceAll("-", ":")}Z`);

/** The complete backups in `dir`, oldest first. */
export function listBackups(dir: string): { name: string; path: string; createdAt: Date }[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort()
    .map((name) => ({ name, path: path.join(dir, name), createdAt: timeOf(name) }));
}

/**
 * libpq's settings for a PostgreSQL URL, as environment variables: pg_dump and pg_restore take
 * the connection from there, so its password never shows in the machine's process list.
 */
export function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    PGHOST: decodeURIComponent(u.hostname) || "localhost",
    PGPORT: u.port || "5432",
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
    PGUSER: decodeURIComponent(u.username),
  };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a PostgreSQL client program; its stdout goes to `stdout` when given. Rejects with its stderr. */
export function runPgProgram(
  program: "pg_dump" | "pg_restore",
  args: string[],
  databaseUrl: string,
  stdout?: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...libpqEnv(databaseUrl) },
      stdio: ["ignore", stdout ?? "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", (err) =>
      reject(
        (err as NodeJS.ErrnoException).code === "ENOENT"
          ? new CommandRefused(
              `${program} not found: install the PostgreSQL client (apt-get install postgresql-client)`,
            )
          : err,
      ),
    );
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new CommandRefused(`${program} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/** A new file readable by its owner only from the moment it exists; never over another. */
const createPrivate = (file: string) => fs.openSync(file, "wx", 0o600);

async function writeDatabase(svc: BackupServices, folder: string): Promise<void> {
  if (svc.config.DATABASE_URL) {
    const fd = createPrivate(path.join(folder, DATABASE_FILES.postgres));
    try {
      await runPgProgram(
        "pg_dump",
        ["--format=custom", "--no-owner", "--no-privileges"],
        svc.config.DATABASE_URL,
        fd,
      );
    } finally {
      fs.closeSync(fd);
    }
    return;
  }
  if (!svc.database.dumpDataDir) throw new Error("the embedded database cannot dump itself");
  const dump = await svc.database.dumpDataDir();
  const out = fs.createWriteStream("", { fd: createPrivate(path.join(folder, DATABASE_FILES.pglite)) });
  await pipeline(Readable.fromWeb(dump.stream() as import("node:stream/web").ReadableStream), out);
}

/** Copies the local store's files into `files/`, or lists the bucket's keys; answers how many. */
async function writeFiles(svc: BackupServices, folder: string): Promise<number> {
  const stored = (await Promise.all(FILE_PREFIXES.map((prefix) => svc.files.list(prefix)))).flat();
  stored.sort((a, b) => a.key.localeCompare(b.key));
  if (svc.config.FILE_STORE_URL) {
    const fd = createPrivate(path.join(folder, FILE_KEYS));
    try {
      for (const file of stored)
        fs.writeSync(
          fd,
          `${JSON.stringify({ key: file.key, size: file.size, modified: file.modified.toISOString() })}\n`,
        );
    } finally {
      fs.closeSync(fd);
    }
    return stored.length;
  }
  let copied = 0;
  for (const file of stored) {
    const bytes = await svc.files.get(file.key);
    // Deleted since it was listed (a purge, an erasure): nothing to keep.
    if (!bytes) continue;
    const target = path.join(folder, "files", file.key);
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    fs.writeFileSync(target, bytes, { flag: "wx", mode: 0o600 });
    copied++;
  }
  return copied;
}

const sizeOf = (dir: string): number =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .reduce(
      (sum, entry) =>
        sum +
        (entry.isDirectory()
          ? sizeOf(path.join(dir, entry.name))
          : fs.statSync(path.join(dir, entry.name)).size),
      0,
    );

/**
 * Deletes the backups past `BACKUP_KEEP_DAYS` (never the newest), then the erasure journal's
 * days that no backup kept needs any more. Answers the backups deleted.
 */
export function pruneBackups(
  config: Pick<Config, "backupDir" | "BACKUP_KEEP_DAYS" | "erasureJournalDir">,
  now = new Date(),
) {
  const dir = config.backupDir;
  if (!dir) return [];
  const backups = listBackups(dir);
  const cutoff = now.getTime() - config.BACKUP_KEEP_DAYS * 86_400_000;
  const gone = backups.slice(0, -1).filter((backup) => backup.createdAt.getTime() < cutoff);
  for (const backup of gone) fs.rmSync(backup.path, { recursive: true, force: true });
  const oldest = backups.find((backup) => !gone.includes(backup));
  if (oldest) pruneErasureJournal(config.erasureJournalDir, oldest.createdAt);
  return gone.map((backup) => backup.name);
}

/** Takes a backup of the database and the file store into BACKUP_DIR, then prunes. */
export async function createBackup(svc: BackupServices, now = new Date()): Promise<BackupResult> {
  const dir = svc.config.backupDir;
  if (!dir || !svc.config.ERASURE_JOURNAL_KEY)
    throw new CommandRefused(
      'Backups are off: set BACKUP_DIR and ERASURE_JOURNAL_KEY (deploy/README.md, "Backups and restore").',
    );
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = nameOf(now);
  const partial = path.join(dir, `.${name}.partial`);
  fs.mkdirSync(partial, { mode: 0o700 });
  try {
    await writeDatabase(svc, partial);
    const fileCount = await writeFiles(svc, partial);
    const manifest: BackupManifest = {
      createdAt: now.toISOString(),
      database: svc.database.kind,
      files: svc.config.FILE_STORE_URL ? "listed" : "copied",
      fileCount,
    };
    fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      flag: "wx",
      mode: 0o600,
    });
    const bytes = sizeOf(partial);
    fs.renameSync(partial, path.join(dir, name));
    return { backup: path.join(dir, name), bytes, fileCount, deleted: pruneBackups(svc.config, now) };
  } catch (err) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw err;
  }
}

export const backupCommands = [
  defineCommand({
    name: "backup.create",
    usage:
      "npm run db:backup: a backup of the database and the file store into BACKUP_DIR, then those past BACKUP_KEEP_DAYS deleted",
    args: z.object({}).strict(),
    // On the embedded database the running site takes it (it holds the database), through its
    // control channel; otherwise the tool's own process does.
    run: (svc) => createBackup(svc),
    print: (result) =>
      [
        `backup written: ${result.backup} (${(result.bytes / 1024 / 1024).toFixed(1)} MiB, ${result.fileCount} files)`,
        ...result.deleted.map((name) => `deleted, past BACKUP_KEEP_DAYS: ${name}`),
      ].join("\n"),
  }),
];
