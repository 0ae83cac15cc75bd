// Puts a backup written by `npm run db:backup` back, then erases again everyone the erasure
// journal says was erased since (deploy/README.md, "Backups and restore"):
//
//   npm run db:restore -- --from /var/backups/studio/2026-11-30T03-00-00Z
//
// Refused while the site runs (its control socket answers, the embedded database is locked, or
// another connection uses the PostgreSQL database): stop every instance first. Replaces the
// database (PostgreSQL: pg_restore into an emptied schema; embedded: DATA_DIR/pglite from its
// dump) and, on the local disk, DATA_DIR/uploads and press-zips; a bucket (FILE_STORE_URL) is
// left to its own versioning.
import { parseArgs } from "node:util";
import { listBackups } from "~/platform/backup/backup.server";
import { restoreBackup } from "~/platform/backup/restore.server";
import { parseConfig } from "~/platform/config.server";
import { CommandRefused } from "~/platform/control/command";
import { readErasureJournal } from "~/platform/privacy/erasure-journal.server";

const { values } = parseArgs({ options: { from: { type: "string" } } });
const cfg = parseConfig(process.env);
if (!values.from) {
  const kept = cfg.backupDir ? listBackups(cfg.backupDir) : [];
  console.error(
    [
      "usage: npm run db:restore -- --from <backup folder>",
      ...(kept.length ? ["backups kept, oldest first:", ...kept.map((b) => `  ${b.path}`)] : []),
    ].join("\n"),
  );
  process.exit(2);
}
if (!cfg.ERASURE_JOURNAL_KEY) {
  // Without the key the journal cannot be matched: whoever was erased since the backup would be back.
  console.error("Refusing to restore without ERASURE_JOURNAL_KEY: the erasure journal cannot be replayed.");
  process.exit(1);
}

const stops: Array<() => Promise<void> | void> = [];
try {
  const restored = await restoreBackup(cfg, values.from);
  console.log(`restored the ${restored.database} database of ${restored.createdAt}; ${restored.files}`);
  // The site's features are loaded only now: a refusal (the site running) answers without them.
  const { replayErasures } = await import("~/features/privacy-requests/index.server");
  const { openServices } = await import("~/platform/services.server");
  const { createLogger } = await import("~/platform/logging.server");
  const logger = createLogger("warn", { stderr: true });
  const svc = await openServices(cfg, logger, {
    onClose: (stop) => stops.push(stop),
    memoryRateLimits: true,
  });
  const entries = readErasureJournal(cfg.erasureJournalDir);
  const replay = await replayErasures(svc, entries, cfg.ERASURE_JOURNAL_KEY);
  const erased = Object.entries(replay.erased).map(([kind, n]) => `${n} ${kind}`);
  console.log(
    `erasure journal replayed (${entries.length} entries): erased again ${erased.length ? erased.join(", ") : "nothing"}`,
  );
  if (replay.unknownKinds.length)
    console.error(
      `journalled kinds the site no longer knows, left as they are: ${replay.unknownKinds.join(", ")}`,
    );
} catch (err) {
  console.error(err instanceof CommandRefused ? err.message : err);
  process.exitCode = 1;
} finally {
  for (const stop of stops.reverse()) await stop();
}
