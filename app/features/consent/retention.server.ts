import type { Services } from "~/platform/services.server";
import { purgeTask, type Task } from "~/platform/tasks/task";
import { purgeOldConsentRecords } from "./consent-records.server";

/**
 * Deletes the records of cookie choices once CONSENT_RECORD_RETENTION_MONTHS have passed (as the
 * privacy page says), at start and then daily.
 */
export function consentRecordRetentionTask({
  db,
  config,
  logger,
}: Pick<Services, "db" | "config" | "logger">): Task {
  return purgeTask({
    name: "consent-record-retention",
    everyMs: 24 * 60 * 60_000,
    purge: () => purgeOldConsentRecords(db, config.CONSENT_RECORD_RETENTION_MONTHS),
    logMessage: "old consent records deleted",
    logger,
  });
}
