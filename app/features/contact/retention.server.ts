import { purgeExpiredIssueReports } from "~/features/issues/issue-report.server";
import type { Services } from "~/platform/services.server";
import { purgeExpiredContactData } from "./contact.server";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Deletes contact messages, feedback and issue reports (with their files) once CONTACT_RETENTION_MONTHS have passed (as the form
 * and the privacy page say), and used captcha tokens, at start and then hourly. Returns the
 * stop function for shutdown; it waits for a running purge.
 */
export function startContactRetention(svc: Pick<Services, "db" | "logger" | "uploads">): () => Promise<void> {
  const { db, logger } = svc;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = Promise.all([purgeExpiredContactData(db), purgeExpiredIssueReports(svc)])
      .then(([deleted, reports]) => {
        if (deleted.messages || deleted.feedbacks || reports)
          logger.info({ ...deleted, reports }, "expired contact data deleted");
      })
      .catch((err: unknown) => logger.warn({ err }, "contact retention purge failed"));
  };
  run();
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
