import type { Services } from "~/platform/services.server";
import { purgeTask, type Task } from "~/platform/tasks/task";
import { purgeOldPageviews } from "./pageviews.server";

/**
 * Deletes page-view counts past ANALYTICS_RETENTION_DAYS at start and then daily, as the
 * privacy page promises.
 */
export function pageviewRetentionTask({
  db,
  config,
  logger,
}: Pick<Services, "db" | "config" | "logger">): Task {
  return purgeTask({
    name: "pageview-retention",
    everyMs: 24 * 60 * 60_000,
    purge: () => purgeOldPageviews(db, config.ANALYTICS_RETENTION_DAYS),
    logMessage: "old page-view counts deleted",
    logger,
  });
}
