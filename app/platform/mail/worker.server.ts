import type { Services } from "~/platform/services.server";
import { defineTask, type Task } from "~/platform/tasks/task";
import { type DeliveryOptions, deliverDueEmails, type MailTransport } from "./outbox.server";

/**
 * Delivers the outbox every MAIL_WORKER_INTERVAL_MS: claims due e-mails and sends them,
 * draining full batches at once (until shutdown). Any number of processes may run it.
 */
export function mailDeliveryTask(
  services: Pick<Services, "config" | "db" | "logger">,
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
        if (stopping.aborted || report.claimed < batchSize) break;
      }
    },
  });
}
