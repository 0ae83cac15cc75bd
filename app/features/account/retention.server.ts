import type { Services } from "~/platform/services.server";
import { defineTask, type Task } from "~/platform/tasks/task";
import { purgeExpiredAccountData } from "./sessions.server";

/**
 * Deletes expired sessions and e-mailed tokens (as the privacy page says: a session is kept no
 * longer than it works), at start and then hourly.
 */
export function accountRetentionTask({ db }: Pick<Services, "db">): Task {
  return defineTask({
    name: "account-retention",
    everyMs: 60 * 60_000,
    run: () => purgeExpiredAccountData(db),
  });
}
