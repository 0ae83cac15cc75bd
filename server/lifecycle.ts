import path from "node:path";
import { startAccountRetention } from "~/features/account/retention.server";
import { startAlertWorker } from "~/features/alerts/worker.server";
import { startPageviewRetention } from "~/features/analytics/retention.server";
import { startApplicationRetention } from "~/features/careers/application.server";
import { startContactRetention } from "~/features/contact/retention.server";
import { loadContent } from "~/features/content/loader.server";
import { startPlaytestRetention } from "~/features/playtest/retention.server";
import { startGreenhouseSync } from "~/features/recruiting/periodic-sync.server";
import { config } from "~/platform/config.server";
import { openDatabase } from "~/platform/db/client.server";
import { createRateLimits } from "~/platform/http/rate-limit.server";
import { createLogger } from "~/platform/logging.server";
import { startMailWorker } from "~/platform/mail/worker.server";
import type { Services } from "~/platform/services.server";
import { createUploadStore, startUploadPurge } from "~/platform/uploads/upload-store.server";

/**
 * Boot and shutdown of the process's services. Kept on globalThis so Vite's dev server, which
 * re-evaluates changed modules, never opens a second database in one process.
 */
type State = { services?: Services; booting?: Promise<Services>; stops: Array<() => Promise<void> | void> };
const holder = globalThis as { __studioState?: State };
holder.__studioState ??= { stops: [] };
const state: State = holder.__studioState;

export function services(): Services {
  if (!state.services) throw new Error("services used before boot()");
  return state.services;
}

export function isBooted(): boolean {
  return state.services !== undefined;
}

/** Registers work to undo at shutdown (workers, timers, connections), run in reverse order. */
export function onShutdown(stop: () => Promise<void> | void) {
  state.stops.push(stop);
}

export function boot(): Promise<Services> {
  state.booting ??= (async () => {
    const cfg = config();
    const logger = createLogger(cfg.LOG_LEVEL);
    const database = await openDatabase({ databaseUrl: cfg.DATABASE_URL, dataDir: cfg.dataDir });
    onShutdown(() => database.close());
    // On PostgreSQL several processes may start at once: one migrates and loads content, the
    // others wait for the lock and then find nothing left to do.
    await database.withBootLock(async () => {
      await database.migrate();
      await loadContent(database.db, cfg.contentDir, logger);
    });
    const rateLimits = createRateLimits(cfg, logger);
    onShutdown(() => rateLimits.close());
    if (!(await rateLimits.ready()))
      logger.warn("Redis (REDIS_URL) not reachable yet; rate limits count in memory");
    const uploads = createUploadStore({
      db: database.db,
      dir: path.join(cfg.dataDir, "uploads"),
      limits: { maxFiles: cfg.UPLOAD_MAX_FILES, maxKb: cfg.UPLOAD_MAX_KB },
      logger,
    });
    const svc: Services = { config: cfg, database, db: database.db, logger, uploads, rateLimits };
    const mailWorker = startMailWorker(svc);
    onShutdown(() => mailWorker.stop());
    onShutdown(startUploadPurge(uploads, logger));
    onShutdown(startPageviewRetention(svc));
    onShutdown(startPlaytestRetention(svc));
    onShutdown(startGreenhouseSync(svc));
    onShutdown(startAccountRetention(svc));
    // Job alerts: matches offers the content load just listed, then every minute.
    onShutdown(startAlertWorker(svc));
    onShutdown(startContactRetention(svc));
    onShutdown(startApplicationRetention(svc));
    state.services = svc;
    logger.info({ database: database.kind }, "services ready");
    return svc;
  })();
  return state.booting;
}

export async function shutdown() {
  const stops = state.stops.splice(0).reverse();
  for (const stop of stops) {
    try {
      await stop();
    } catch (err) {
      state.services?.logger.error({ err }, "shutdown step failed");
    }
  }
  state.services = undefined;
  state.booting = undefined;
}
