import { purgeExpiredIssueReports } from "~/features/support-report/index.server";
import type { Services } from "~/platform/services.server";
import { defineTask, type Task } from "~/platform/tasks/task";
import { purgeExpiredContactData } from "./contact.server";

/**
 * Deletes contact messages, feedback and issue reports (with their files and e-mails) once
 * CONTACT_RETENTION_MONTHS have passed (as the form and the privacy page say), and used captcha
 * tokens, at start and then hourly.
 */
export function contactRetentionTask(svc: Pick<Services, "db" | "config" | "logger" | "uploads">): Task {
  return defineTask({
    name: "contact-retention",
    everyMs: 60 * 60_000,
    async run() {
      const [deleted, reports] = await Promise.all([
        purgeExpiredContactData(svc),
        purgeExpiredIssueReports(svc),
      ]);
      if (deleted.messages || deleted.feedbacks || reports)
        svc.logger.info({ ...deleted, reports }, "expired contact data deleted");
    },
  });
}
