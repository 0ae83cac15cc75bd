import type { Services } from "~/platform/services.server";
import { defineTask, purgeTask, type Task } from "~/platform/tasks/task";
import {
  type DeliveryOptions,
  deliverDueEmails,
  type MailTransport,
  OUTBOX_MAX_AGE_MONTHS,
  purgeOldEmails,
} from "./outbox.server";
import { removeMailFiles } from "./transport.server";

/**
 * Delivers the outbox every MAIL_WORKER_INTERVAL_MS: claims due e-mails and sends them,
 * draining full batches at once (until shutdown). Any number of processes may run it.
 */
export function mailDeliveryTask(
  services: Pick<Services, "config" | "db" | "logger" | "metrics">,
  transport: MailTransport,
  options: Partial<DeliveryOptions> = {},
): Task {
  const { config, db } = services;
  const logger = services.logger.child({ worker: "mail" });
  const batchSize = options.batchSize ?? 10;
  return defineTask({
    name: "mail-delivery",
    everyMs: config.MAIL_WORKER_INTERVAL_MS,
    runAtStart: false,
    async run(stopping) {
      for (;;) {
        const report = await deliverDueEmails(db, transport, {
          maxAttempts: config.MAIL_MAX_ATTEMPTS,
          retryBaseMs: config.MAIL_RETRY_BASE_SECONDS * 1000,
          batchSize,
          logger,
          ...options,
        });
        services.metrics.mailDeliveries(report);
        if (stopping.aborted || report.claimed < batchSize) break;
      }
    },
  });
}

/**
 * Deletes the delivered and given-up e-mails older than OUTBOX_MAX_AGE_MONTHS (what is left of
 * them: kind, item, times, the recipient's hash) with their .eml copies, at start and then daily.
 * Most go before with their item; these are those of items kept with no end date.
 */
export function outboxRetentionTask(svc: Pick<Services, "config" | "db" | "logger">): Task {
  return purgeTask({
    name: "outbox-retention",
    everyMs: 24 * 60 * 60_000,
    async purge() {
      const gone = await purgeOldEmails(svc.db);
      await removeMailFiles(svc.config, gone);
      return gone.length;
    },
    logMessage: `e-mails older than ${OUTBOX_MAX_AGE_MONTHS} months deleted from the outbox`,
    logger: svc.logger,
  });
}
