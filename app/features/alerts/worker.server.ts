import type { Services } from "~/platform/services.server";
import { purgeUnconfirmedAlerts } from "./alerts.server";
import { matchJobAlerts } from "./match.server";

const MATCH_INTERVAL_MS = 60_000;
const PURGE_EVERY_ROUNDS = 60;

/**
 * Matches newly listed offers to alerts at start (right after the content load) and then every
 * minute, and purges unconfirmed alerts hourly. Any number of processes may run it (the
 * matcher takes an advisory lock). Returns the stop function, which waits for a running round.
 */
export function startAlertWorker(svc: Pick<Services, "db" | "config" | "logger">): () => Promise<void> {
  const logger = svc.logger.child({ worker: "job-alerts" });
  let running: Promise<void> = Promise.resolve();
  let rounds = 0;
  const run = () => {
    const purge = rounds++ % PURGE_EVERY_ROUNDS === 0;
    running = (async () => {
      try {
        const report = await matchJobAlerts(svc);
        if (report.emails) logger.info(report, "job alert e-mails queued");
        if (purge) {
          const deleted = await purgeUnconfirmedAlerts(svc.db);
          if (deleted) logger.info({ deleted }, "unconfirmed job alerts deleted");
        }
      } catch (err) {
        logger.warn({ err }, "job alert round failed; trying again later");
      }
    })();
  };
  run();
  const timer = setInterval(() => {
    void running.then(run);
  }, MATCH_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
