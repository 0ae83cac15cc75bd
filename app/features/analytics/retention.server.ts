import type { Services } from "~/platform/services.server";
import { purgeOldPageviews } from "./pageviews.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes page-view counts past ANALYTICS_RETENTION_DAYS at start and then daily, as the
 * privacy page promises. Returns the stop function for shutdown (it waits for a running purge,
 * so the database is never closed under it).
 */
export function startPageviewRetention({ db, config, logger }: Services): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = purgeOldPageviews(db, config.ANALYTICS_RETENTION_DAYS)
      .then((deleted) => {
        if (deleted) logger.info({ deleted }, "old page-view counts deleted");
      })
      .catch((err: unknown) => logger.warn({ err }, "page-view retention purge failed"));
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
