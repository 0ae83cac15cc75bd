import type { Services } from "~/platform/services.server";
import { purgeExpiredSignups } from "./signup.server";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Deletes playtest sign-ups and their survey answers once PLAYTEST_RETENTION_MONTHS have passed
 * (as the form and the privacy page say), at start and then hourly. Returns the stop function
 * for shutdown; it waits for a running purge so the database is never closed under it.
 */
export function startPlaytestRetention({ db, logger }: Pick<Services, "db" | "logger">): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = purgeExpiredSignups(db)
      .then((deleted) => {
        if (deleted) logger.info({ deleted }, "expired playtest sign-ups deleted");
      })
      .catch((err: unknown) => logger.warn({ err }, "playtest retention purge failed"));
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
