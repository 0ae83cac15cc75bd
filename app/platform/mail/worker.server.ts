import type { Services } from "~/platform/services.server";
import { type DeliveryOptions, deliverDueEmails, type MailTransport } from "./outbox.server";
import { createMailTransport } from "./transport.server";

export type MailWorker = {
  transport: MailTransport;
  /** Runs a delivery round now (or waits for the one in progress). */
  runNow(): Promise<void>;
  /** Stops polling, waits for the round in progress and closes the transport. */
  stop(): Promise<void>;
};

/**
 * Delivers the outbox in the background: every MAIL_WORKER_INTERVAL_MS it claims due e-mails
 * and sends them, draining full batches at once. Any number of processes may run one.
 */
export function startMailWorker(
  services: Pick<Services, "config" | "db" | "logger">,
  transport: MailTransport = createMailTransport(services.config, services.logger),
  options: Partial<DeliveryOptions> = {},
): MailWorker {
  const { config, db } = services;
  const logger = services.logger.child({ worker: "mail" });
  const batchSize = options.batchSize ?? 10;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const round = async () => {
    try {
      for (;;) {
        const report = await deliverDueEmails(db, transport, {
          maxAttempts: config.MAIL_MAX_ATTEMPTS,
          batchSize,
          logger,
          ...options,
        });
        if (stopped || report.claimed < batchSize) break;
      }
    } catch (err) {
      logger.error({ err }, "mail worker round failed; trying again later");
    }
  };

  const runNow = () => {
    running ??= round().finally(() => {
      running = undefined;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await runNow();
      schedule();
    }, config.MAIL_WORKER_INTERVAL_MS);
    // The HTTP server keeps the process alive; a pending poll alone must not.
    timer.unref();
  };

  logger.info({ transport: transport.description }, "mail worker started");
  schedule();

  return {
    transport,
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
