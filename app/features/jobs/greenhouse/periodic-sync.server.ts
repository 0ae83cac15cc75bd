import type { Services } from "~/platform/services.server";
import { defineTask, type Task } from "~/platform/tasks/task";
import { syncGreenhouse } from "./greenhouse-sync.server";

/**
 * The Greenhouse sync inside the site, every GREENHOUSE_SYNC_INTERVAL_MINUTES (the first run
 * one interval after start, so a restart loop cannot hammer the board); null (no task) unless
 * both the board URL and the interval are set. A failed run changes nothing; the next one tries
 * again.
 */
export function greenhouseSyncTask({
  db,
  logger,
  config,
}: Pick<Services, "db" | "logger" | "config">): Task | null {
  const boardUrl = config.GREENHOUSE_BOARD_URL;
  const minutes = config.GREENHOUSE_SYNC_INTERVAL_MINUTES;
  if (!boardUrl || !minutes) return null;
  return defineTask({
    name: "greenhouse-sync",
    everyMs: minutes * 60_000,
    runAtStart: false,
    run: () => syncGreenhouse(db, { boardUrl, logger }),
  });
}
