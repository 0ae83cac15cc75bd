import { accountRetentionTask } from "~/features/account/index.server";
import { jobAlertMatchTask, unconfirmedAlertPurgeTask } from "~/features/alerts/index.server";
import { pageviewRetentionTask } from "~/features/analytics/index.server";
import { applicationRetentionTask } from "~/features/careers/index.server";
import { consentRecordRetentionTask } from "~/features/consent/index.server";
import { contactRetentionTask } from "~/features/contact/index.server";
import { loadContent } from "~/features/content/index.server";
import { greenhouseSyncTask, jobOffersVersion } from "~/features/jobs/index.server";
import { playtestReminderTask, playtestRetentionTask } from "~/features/playtesting/index.server";
import { privacyLinkRetentionTask } from "~/features/privacy-requests/index.server";
import { shareContentMemo } from "~/platform/cache/content-memo.server";
import { registerContentVersionSource } from "~/platform/cache/content-version.server";
import { type Config, parseConfig } from "~/platform/config.server";
import { controlSocketPath, startControlChannel } from "~/platform/control/channel.server";
import { openDatabase } from "~/platform/db/client.server";
import { createLogger } from "~/platform/logging.server";
import { createMailTransport } from "~/platform/mail/transport.server";
import { mailDeliveryTask, outboxRetentionTask } from "~/platform/mail/worker.server";
import { serveMetrics } from "~/platform/metrics/metrics.server";
import { openServices, type Services } from "~/platform/services.server";
import { databaseRunExclusive, lastTaskSuccesses } from "~/platform/tasks/run-once.server";
import { startTasks } from "~/platform/tasks/scheduler.server";
import type { Task } from "~/platform/tasks/task";
import { uploadPurgeTask } from "~/platform/uploads/upload-store.server";
import { controlCommands } from "./commands";
import { contentKinds } from "./content-kinds";

/**
 * Boot and shutdown of the process's services. Kept on globalThis so Vite's dev server, which
 * re-evaluates changed modules, never opens a second database in one process.
 */
type State = {
  services?: Services;
  booting?: Promise<Services>;
  stopping?: boolean;
  stops: Array<() => Promise<void> | void>;
};
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

/**
 * From the stop signal on, readiness fails at once, so a balancer stops choosing this process
 * while it finishes the requests it already has.
 */
export function markStopping() {
  state.stopping = true;
}

export function isStopping(): boolean {
  return state.stopping === true;
}

/** Registers work to undo at shutdown (workers, timers, connections), run in reverse order. */
export function onShutdown(stop: () => Promise<void> | void) {
  state.stops.push(stop);
}

/**
 * Background work, in the order it starts (job alerts match what the content load just listed).
 * Each task runs once per period across all the processes sharing the database, except the mail
 * outbox, which every process delivers: it claims e-mails with SKIP LOCKED
 * (docs/decisions/0022-tasks-once-across-processes.md).
 */
function backgroundTasks(
  svc: Services,
  mailTransport: ReturnType<typeof createMailTransport>,
): { everyProcess: Task[]; oncePerPeriod: Task[] } {
  const everyProcess = [mailDeliveryTask(svc, mailTransport)];
  const oncePerPeriod = [
    uploadPurgeTask(svc.uploads),
    pageviewRetentionTask(svc),
    consentRecordRetentionTask(svc),
    playtestRetentionTask(svc),
    playtestReminderTask(svc),
    greenhouseSyncTask(svc),
    accountRetentionTask(svc),
    jobAlertMatchTask(svc),
    unconfirmedAlertPurgeTask(svc),
    contactRetentionTask(svc),
    applicationRetentionTask(svc),
    privacyLinkRetentionTask(svc),
    outboxRetentionTask(svc),
  ].filter((task) => task !== null);
  return { everyProcess, oncePerPeriod };
}

/** Starts the process's services from `cfg` (the environment's, parsed, unless given). */
export function boot(given?: Config): Promise<Services> {
  state.booting ??= (async () => {
    const cfg = given ?? parseConfig(process.env);
    const logger = createLogger(cfg.LOG_LEVEL);
    // Job offers change outside a content load too (the recruiting sync, another process): their
    // own fingerprint joins the content version that ends cached pages and memoized reads.
    registerContentVersionSource("job-offers", jobOffersVersion);
    const svc = await openServices(cfg, logger, {
      onClose: onShutdown,
      metrics: cfg.METRICS_PORT !== undefined,
      afterMigrate: async (db) => {
        // Content reads nearly every page makes, kept as long as pages are (off when that is 0).
        shareContentMemo(db, cfg.PAGE_CACHE_TTL_SECONDS * 1000);
        // Only a newer folder than the database's, except in development, where the database is
        // the developer's own and follows their checkout (features/content/stamp.server.ts).
        await loadContent(db, cfg.contentDir, contentKinds, logger, { anyTree: !cfg.isProduction });
      },
    });
    const mailTransport = createMailTransport(cfg, logger, svc.files);
    onShutdown(() => mailTransport.close());
    logger.info({ transport: mailTransport.description }, "mail transport ready");
    logger.info({ fileStore: svc.files.description }, "file store ready");
    const tasks = backgroundTasks(svc, mailTransport);
    const onSuccess = (task: Task, at: Date) => svc.metrics.taskSucceeded(task.name, task.everyMs, at);
    const everyProcess = startTasks(tasks.everyProcess, { logger, onSuccess });
    // TASK_PERIOD_SECONDS (tests, staging): every claimed task at that period instead of its own.
    const periodMs = cfg.TASK_PERIOD_SECONDS && cfg.TASK_PERIOD_SECONDS * 1000;
    const claimed = periodMs
      ? tasks.oncePerPeriod.map((task) => ({ ...task, everyMs: periodMs }))
      : tasks.oncePerPeriod;
    if (svc.metrics.enabled) {
      // A task run once per period across the processes may have last succeeded in another
      // one, or before this start: each starts from the last success the database recorded.
      const recorded = await lastTaskSuccesses(svc.db);
      for (const task of claimed) {
        const at = recorded.get(task.name);
        if (at) svc.metrics.taskSucceeded(task.name, task.everyMs, at);
      }
    }
    const oncePerPeriod = startTasks(claimed, {
      logger,
      runExclusive: databaseRunExclusive(svc.db, { logger }),
      onSuccess,
    });
    onShutdown(() => Promise.all([everyProcess.stop(), oncePerPeriod.stop()]).then(() => undefined));
    // On the embedded database the studio's tools reach this process through a Unix socket
    // under DATA_DIR; with PostgreSQL they open the database themselves.
    if (!cfg.DATABASE_URL) {
      const channel = await startControlChannel({
        socketPath: controlSocketPath(cfg.dataDir),
        commands: controlCommands,
        services: svc,
        logger,
      });
      onShutdown(() => channel.close());
    }
    if (cfg.METRICS_PORT !== undefined && "registry" in svc.metrics) {
      const endpoint = await serveMetrics(svc.metrics, cfg.METRICS_PORT);
      onShutdown(() => endpoint.close());
      logger.info({ port: endpoint.port }, "metrics on 127.0.0.1");
    }
    state.services = svc;
    logger.info({ database: svc.database.kind }, "services ready");
    return svc;
  })();
  return state.booting;
}

/**
 * Applies the pending migrations and closes the database, nothing else (no content load, no
 * Redis, no tasks): what deploy/release.sh runs for a new release before any process uses it,
 * under the same lock as a boot's, so a process starting meanwhile waits. On PostgreSQL the
 * pending migrations run in one transaction: one that fails leaves the schema as it was.
 */
export async function migrate(given?: Config): Promise<void> {
  const cfg = given ?? parseConfig(process.env);
  const logger = createLogger(cfg.LOG_LEVEL);
  const database = await openDatabase({ databaseUrl: cfg.DATABASE_URL, dataDir: cfg.dataDir, logger });
  try {
    await database.withBootLock(() => database.migrate());
  } finally {
    await database.close();
  }
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
  state.stopping = false;
}
