import type { Services } from "~/platform/services.server";
import { defineTask, type Task } from "~/platform/tasks/task";
import { purgeUnconfirmedAlerts } from "./alerts.server";
import { matchJobAlerts } from "./match.server";

/**
 * Matches newly listed offers to alerts at start (right after the content load) and then every
 * minute, once per minute across processes (server/lifecycle.ts claims each run). The matcher
 * also takes its own advisory lock, so a run that outlasts its minute, or any other caller,
 * never matches twice.
 */
export function jobAlertMatchTask(svc: Pick<Services, "db" | "config" | "logger">): Task {
  return defineTask({
    name: "job-alert-match",
    everyMs: 60_000,
    async run() {
      const report = await matchJobAlerts(svc);
      if (report.emails) svc.logger.info(report, "job alert e-mails queued");
    },
  });
}

/** Deletes alerts never confirmed (with their e-mails), at start and then hourly. */
export function unconfirmedAlertPurgeTask(svc: Pick<Services, "db" | "config" | "logger">): Task {
  return defineTask({
    name: "unconfirmed-alert-purge",
    everyMs: 60 * 60_000,
    async run() {
      const deleted = await purgeUnconfirmedAlerts(svc);
      if (deleted) svc.logger.info({ deleted }, "unconfirmed job alerts deleted");
    },
  });
}
