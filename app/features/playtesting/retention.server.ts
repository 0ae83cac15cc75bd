import type { Services } from "~/platform/services.server";
import { purgeTask, type Task } from "~/platform/tasks/task";
import { purgeExpiredSignups } from "./signup.server";

/**
 * Deletes playtest sign-ups and their survey answers once PLAYTEST_RETENTION_MONTHS have passed
 * (as the form and the privacy page say), at start and then hourly; the seats they held go to
 * the sessions' waitlists.
 */
export function playtestRetentionTask(svc: Pick<Services, "db" | "config" | "logger">): Task {
  return purgeTask({
    name: "playtest-retention",
    everyMs: 60 * 60_000,
    purge: () => purgeExpiredSignups(svc),
    logMessage: "expired playtest sign-ups deleted",
    logger: svc.logger,
  });
}
