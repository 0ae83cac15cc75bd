import type { Config } from "~/platform/config.server";
import { type Database, type Db, openDatabase } from "~/platform/db/client.server";
import type { FileStore } from "~/platform/files/file-store.server";
import { openFileStore } from "~/platform/files/open-file-store.server";
import { createRateLimits, type RateLimits } from "~/platform/http/rate-limit.server";
import type { Logger } from "~/platform/logging.server";
import { outboxBacklog } from "~/platform/mail/outbox.server";
import {
  createMetrics,
  type Metrics,
  noMetrics,
  type ProcessMetrics,
} from "~/platform/metrics/metrics.server";
import { keepErasureJournal } from "~/platform/privacy/erasure-journal.server";
import { createUploadStore, type UploadStore } from "~/platform/uploads/upload-store.server";

/**
 * The process's shared services, built once at boot (server/lifecycle.ts) and handed to the
 * JSON API and to every loader/action through the request context.
 */
export type Services = {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  /**
   * Where files visitors send and the site makes are kept (DATA_DIR, or FILE_STORE_URL's
   * bucket, shared by every machine): no feature reads or writes those on the disk itself.
   */
  files: FileStore;
  /** Files visitors send with forms (POST /api/uploads; `attach` them in a feature's transaction). */
  uploads: UploadStore;
  /** Rate-limit tiers: `form` for submissions (see consumeFormLimit), `api` for /api. */
  rateLimits: RateLimits;
  /** What the process records for Prometheus (METRICS_PORT); `noMetrics` records nothing. */
  metrics: Metrics | ProcessMetrics;
};

/**
 * Opens the services every user of the database needs: the site's boot (server/lifecycle.ts),
 * and a studio tool that runs a command in its own process (control/command-line.server.ts).
 * No background work starts here: the site starts its tasks and mail worker itself.
 */
export async function openServices(
  cfg: Config,
  logger: Logger,
  options: {
    /** Registers what to close, in the order opened (the caller closes in reverse). */
    onClose: (stop: () => Promise<void> | void) => void;
    /**
     * Work after the migrations, under the same lock (the site loads its content there): on
     * PostgreSQL one starting process does it, the others wait and find nothing left to do.
     */
    afterMigrate?: (db: Db) => Promise<void>;
    /** Counters in process memory whatever REDIS_URL says (a tool's process serves no visitor). */
    memoryRateLimits?: boolean;
    /** Records metrics (the site with METRICS_PORT set; never a tool's process). */
    metrics?: boolean;
  },
): Promise<Services> {
  // Before any use case can erase: every erasure of this process is journalled from here on.
  options.onClose(
    keepErasureJournal(
      cfg.ERASURE_JOURNAL_KEY ? { dir: cfg.erasureJournalDir, key: cfg.ERASURE_JOURNAL_KEY } : undefined,
    ),
  );
  const database = await openDatabase({ databaseUrl: cfg.DATABASE_URL, dataDir: cfg.dataDir, logger });
  options.onClose(() => database.close());
  await database.withBootLock(async () => {
    await database.migrate();
    await options.afterMigrate?.(database.db);
  });
  const rateLimits = createRateLimits(
    options.memoryRateLimits ? { ...cfg, REDIS_URL: undefined } : cfg,
    logger,
  );
  options.onClose(() => rateLimits.close());
  // An unreachable Redis is logged by the store itself, once (docs/decisions/0024-redis-outage.md).
  await rateLimits.ready();
  const files = openFileStore(cfg);
  options.onClose(() => files.close());
  const uploads = createUploadStore({
    db: database.db,
    files,
    limits: { maxFiles: cfg.UPLOAD_MAX_FILES, maxKb: cfg.UPLOAD_MAX_KB },
    logger,
  });
  const metrics = options.metrics
    ? createMetrics({
        outbox: () => outboxBacklog(database.db),
        database: () => database.availability.check(),
        redis: rateLimits.store === "redis" ? () => rateLimits.connected() === true : undefined,
      })
    : noMetrics;
  return { config: cfg, database, db: database.db, logger, files, uploads, rateLimits, metrics };
}
