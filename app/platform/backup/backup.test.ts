import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { openPglite } from "~/platform/db/client.server";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import {
  erasureHash,
  journalErasures,
  keepErasureJournal,
  readErasureJournal,
} from "~/platform/privacy/erasure-journal.server";
import { expectEach } from "../../../tests/support/expect-each";
import { s3StoreFor, startS3StandIn } from "../../../tests/support/s3-stand-in";
import { createBackup, libpqEnv, listBackups, pruneBackups } from "./backup.server";

const day = 86_400_000;
const key = "k".repeat(64);
let dir: string;
let stop: (() => void) | undefined;

afterEach(() => {
  stop?.();
  stop = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function setUp() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
  const backupDir = path.join(dir, "backups");
  const erasureJournalDir = path.join(dir, "journal");
  stop = keepErasureJournal({ dir: erasureJournalDir, key });
  return { backupDir, erasureJournalDir, BACKUP_KEEP_DAYS: 14 };
}

/** A complete backup folder of that time, as db:backup names it. */
function backupAt(backupDir: string, at: Date) {
  const name = `${at.toISOString().slice(0, 19).replaceAll(":", "-")}Z`;
  fs.mkdirSync(path.join(backupDir, name), { recursive: true });
  return name;
}

describe("erasure journal", () => {
  it("keeps each erasure as its kind and keyed hash only, in a file of the day readable by its owner alone", async () => {
    const { erasureJournalDir } = setUp();
    const now = new Date("2026-11-30T10:00:00Z");
    await journalErasures("application", ["id-one", "id-two"], now);
    await journalErasures("account", ["id-three"], now);
    const file = path.join(erasureJournalDir, "erasures-2026-11-30.jsonl");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8")).not.toMatch(/id-(one|two|three)/);
    expect(readErasureJournal(erasureJournalDir)).toEqual([
      { at: now.toISOString(), kind: "application", hmac: erasureHash(key, "id-one") },
      { at: now.toISOString(), kind: "application", hmac: erasureHash(key, "id-two") },
      { at: now.toISOString(), kind: "account", hmac: erasureHash(key, "id-three") },
    ]);
    // Another key recognises nothing.
    expect(erasureHash("another key of at least 32 characters!", "id-one")).not.toBe(
      erasureHash(key, "id-one"),
    );
  });

  it("journals nothing once the services that kept it have closed", async () => {
    const { erasureJournalDir } = setUp();
    stop?.();
    await journalErasures("application", ["id-one"]);
    expect(readErasureJournal(erasureJournalDir)).toEqual([]);
  });
});

describe("backups' retention", () => {
  it("deletes backups past BACKUP_KEEP_DAYS and the journal's days older than the oldest kept, with a day's margin", async () => {
    const config = setUp();
    const now = new Date("2026-11-30T03:15:00Z");
    const old = backupAt(config.backupDir, new Date(now.getTime() - 20 * day));
    const kept = backupAt(config.backupDir, new Date(now.getTime() - 10 * day));
    const newest = backupAt(config.backupDir, now);
    fs.mkdirSync(path.join(config.backupDir, ".2026-11-30T03-20-00Z.partial"));
    for (const ago of [20, 12, 11, 10, 1])
      await journalErasures("contact", [`id-${ago}`], new Date(now.getTime() - ago * day));

    expect(pruneBackups(config, now)).toEqual([old]);
    expect(listBackups(config.backupDir).map((b) => b.name)).toEqual([kept, newest]);
    // The oldest kept backup was taken on 11-20: the 11-19 day stays (the margin), older ones go.
    expect(fs.readdirSync(config.erasureJournalDir).sort()).toEqual([
      "erasures-2026-11-19.jsonl",
      "erasures-2026-11-20.jsonl",
      "erasures-2026-11-29.jsonl",
    ]);
  });

  it("never deletes the newest backup, however old", () => {
    const config = setUp();
    const now = new Date("2026-11-30T03:15:00Z");
    const only = backupAt(config.backupDir, new Date(now.getTime() - 400 * day));
    expect(pruneBackups(config, now)).toEqual([]);
    expect(listBackups(config.backupDir).map((b) => b.name)).toEqual([only]);
  });
});

it("hands pg_dump the connection through libpq's variables, the password out of its command line", () => {
  expect(libpqEnv("postgres://studio:p%40ss@db.example:5433/studio?sslmode=require")).toEqual({
    PGHOST: "db.example",
    PGPORT: "5433",
    PGDATABASE: "studio",
    PGUSER: "studio",
    PGPASSWORD: "p@ss",
    PGSSLMODE: "require",
  });
});

describe("a backup", { timeout: 30_000 }, () => {
  const services = async (extra: Record<string, string>) => {
    const config = setUp();
    const parsed = parseConfig({
      DATA_DIR: path.join(dir, "data"),
      BACKUP_DIR: config.backupDir,
      ERASURE_JOURNAL_KEY: key,
      ...extra,
    });
    const database = await openPglite(undefined);
    cleanups.push(() => database.close());
    return { config: parsed, database };
  };
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("holds the embedded database's dump and a copy of the local file store, folder 0700 and files 0600", async () => {
    const svc = await services({});
    const files = createLocalFileStore(svc.config.dataDir);
    await files.put("uploads/resume-1", new TextEncoder().encode("résumé"));
    await files.put("press-zips/kit-en-abc.zip", new Uint8Array([80, 75, 5, 6]));
    const result = await createBackup({ ...svc, files }, new Date("2026-11-30T03:15:00Z"));

    const folder = path.join(svc.config.backupDir!, "2026-11-30T03-15-00Z");
    expect(result).toMatchObject({ backup: folder, fileCount: 2, deleted: [] });
    expect(fs.readdirSync(svc.config.backupDir!)).toEqual(["2026-11-30T03-15-00Z"]);
    expect(fs.readFileSync(path.join(folder, "files/uploads/resume-1"), "utf8")).toBe("résumé");
    expect(JSON.parse(fs.readFileSync(path.join(folder, "manifest.json"), "utf8"))).toEqual({
      createdAt: "2026-11-30T03:15:00.000Z",
      database: "pglite",
      files: "copied",
      fileCount: 2,
    });
    expect(fs.statSync(path.join(folder, "database.pglite.tar.gz")).size).toBeGreaterThan(0);
    const entries = fs.readdirSync(folder, { recursive: true, withFileTypes: true });
    const mode = (entry: fs.Dirent) => fs.statSync(path.join(entry.parentPath, entry.name)).mode & 0o777;
    expectEach(
      entries.filter((e) => e.isFile()),
      (e) => mode(e) === 0o600,
      "the backup's files, 0600",
    );
    expectEach(
      [
        ...entries.filter((e) => e.isDirectory()),
        { parentPath: path.dirname(folder), name: path.basename(folder) } as fs.Dirent,
      ],
      (e) => mode(e) === 0o700,
      "its folders, 0700",
    );
  });

  it("with a bucket, lists its keys instead of copying them", async () => {
    const standIn = await startS3StandIn();
    cleanups.push(() => standIn.close());
    const svc = await services({ FILE_STORE_URL: standIn.url });
    const files = s3StoreFor(standIn.url);
    cleanups.push(() => files.close());
    await files.put("uploads/resume-1", new TextEncoder().encode("résumé"));
    const result = await createBackup({ ...svc, files }, new Date("2026-11-30T03:15:00Z"));
    expect(fs.readdirSync(result.backup).sort()).toEqual([
      "database.pglite.tar.gz",
      "file-keys.jsonl",
      "manifest.json",
    ]);
    const listed = fs
      .readFileSync(path.join(result.backup, "file-keys.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { key: string; size: number });
    expect(listed).toEqual([expect.objectContaining({ key: "uploads/resume-1", size: 8 })]);
  });

  it("is refused without BACKUP_DIR", async () => {
    setUp();
    const database = await openPglite(undefined);
    cleanups.push(() => database.close());
    const files = createLocalFileStore(dir);
    await expect(createBackup({ config: parseConfig({ DATA_DIR: dir }), database, files })).rejects.toThrow(
      /Backups are off: set BACKUP_DIR and ERASURE_JOURNAL_KEY/,
    );
  });
});
