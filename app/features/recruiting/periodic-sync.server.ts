import type { Services } from "~/platform/services.server";
import { syncGreenhouse } from "./greenhouse-sync.server";

/**
 * Runs the Greenhouse sync every GREENHOUSE_SYNC_INTERVAL_MINUTES inside the site (the first run
 * one interval after start, so a restart loop cannot hammer the board). Off unless both the
 * board URL and the interval are set. A failed run is logged and changes nothing; the next one
 * tries again. Returns the stop function for shutdown, which waits for a running sync.
 */
export function startGreenhouseSync({ db, logger, config }: Pick<Services, "db" | "logger" | "config">) {
  const boardUrl = config.GREENHOUSE_BOARD_URL;
  const minutes = config.GREENHOUSE_SYNC_INTERVAL_MINUTES;
  if (!boardUrl || !minutes) return () => {};
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    running = syncGreenhouse(db, { boardUrl, logger })
      .then(() => undefined)
      .catch((err: unknown) => logger.warn({ err }, "greenhouse sync failed; nothing changed"))
      .finally(() => {
        busy = false;
      });
  };
  const timer = setInterval(run, minutes * 60_000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
