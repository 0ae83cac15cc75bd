import type { Services } from "~/platform/services.server";
import { purgeExpiredAccountData } from "./account.server";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Deletes expired sessions and e-mailed tokens (as the privacy page says: a session is kept no
 * longer than it works), at start and then hourly. Returns the stop function for shutdown.
 */
export function startAccountRetention({ db, logger }: Pick<Services, "db" | "logger">): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = purgeExpiredAccountData(db).catch((err: unknown) =>
      logger.warn({ err }, "account sessions purge failed"),
    );
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
