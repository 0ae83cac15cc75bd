import { and, gt, inArray, isNull, lte } from "drizzle-orm";
import { isLanguage } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { defineTask, type Task } from "~/platform/tasks/task";
import { emailStage } from "./playtest-status.server";
import { playtestSignups } from "./tables";

const day = 24 * 60 * 60_000;

/**
 * E-mails every tester holding a seat (confirmed or signed) whose session starts within 24 hours
 * and who has not been reminded (docs/requirements.md#playtesting). The sign-ups are claimed by
 * one `UPDATE … WHERE reminded_at IS NULL … RETURNING`, in the transaction that queues their
 * e-mails: a second process running it at the same moment waits on the rows, finds them
 * reminded, and sends nothing. Answers how many were reminded.
 */
export async function sendSessionReminders(svc: Pick<Services, "db" | "config">, now = new Date()) {
  return svc.db.transaction(async (tx) => {
    const due = await tx
      .update(playtestSignups)
      .set({ remindedAt: now })
      .where(
        and(
          inArray(playtestSignups.stage, ["confirmed", "signed"]),
          isNull(playtestSignups.remindedAt),
          gt(playtestSignups.sessionStartsAt, now),
          lte(playtestSignups.sessionStartsAt, new Date(now.getTime() + day)),
        ),
      )
      .returning();
    for (const row of due) {
      await emailStage(
        svc,
        tx,
        {
          id: row.id,
          name: row.name,
          email: row.email,
          language: isLanguage(row.language) ? row.language : "en",
          site: row.site,
          expiresAt: row.expiresAt,
          session: row.session,
          sessionAt: row.sessionAt,
        },
        "reminder",
      );
    }
    return due.length;
  });
}

/** The reminders, every 10 minutes: one leaves at most 10 minutes after its session is 24 hours away. */
export function playtestReminderTask(svc: Pick<Services, "db" | "config" | "logger">): Task {
  return defineTask({
    name: "playtest-reminders",
    everyMs: 10 * 60_000,
    async run() {
      const sent = await sendSessionReminders(svc);
      if (sent) svc.logger.info({ sent }, "playtest session reminders queued");
    },
  });
}
