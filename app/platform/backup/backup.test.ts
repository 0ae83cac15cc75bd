import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  erasureHash,
  journalErasures,
  keepErasureJournal,
  readErasureJournal,
} from "~/platform/privacy/erasure-journal.server";
import { libpqEnv, listBackups, pruneBackups } from "./backup.server";

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
