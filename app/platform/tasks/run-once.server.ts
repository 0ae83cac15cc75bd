import crypto from "node:crypto";
import os from "node:os";
import { isNotNull, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { taskRuns } from "~/platform/db/schema";
import type { Logger } from "~/platform/logging.server";
import type { RunExclusive } from "./scheduler.server";

/**
 * Advisory-lock key space of task runs (the two-key form, apart from the boot lock's one-key
 * form and the job alert matcher's): the second key is hashtext(task name).
 */
const TASK_LOCK_SPACE = 7_283_115;

/**
 * Runs each task once per period across every process sharing the database
 * (docs/decisions/0022-tasks-once-across-processes.md). Every process keeps its own timers; at
 * each tick one short transaction, holding `pg_try_advisory_xact_lock` on the task's name, looks
 * at the task's last start in `task_runs`: when it is at least the period ago (less `tolerance`
 * of it, for timer jitter) it records a start now and commits, and only then runs the task. The
 * lock is not held during the run, so a process that dies mid-run blocks nothing: the next
 * period, some process runs the task again. A process that loses the lock or finds a recent
 * start skips the tick.
 *
 * The same SQL serves PGlite, where one process owns the data anyway and the lock is always free.
 */
export function databaseRunExclusive(
  db: Db,
  options: {
    holder?: string;
    tolerance?: number;
    /** Told each run this process claims (debug): which process ran what, and when. */
    logger?: Pick<Logger, "debug">;
  } = {},
): RunExclusive {
  const holder = options.holder ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
  const tolerance = options.tolerance ?? 0.05;
  return async (task, run) => {
    const minGapMs = Math.max(0, Math.round(task.everyMs * (1 - tolerance)));
    const claimed = await db.transaction(async (tx) => {
      const lock = await tx.execute(
        sql`select pg_try_advisory_xact_lock(${TASK_LOCK_SPACE}, hashtext(${task.name})) as locked`,
      );
      if (!(lock as unknown as { rows: Array<{ locked: boolean }> }).rows[0]?.locked) return false;
      const started = await tx.execute(sql`
        insert into task_runs (name, started_at, finished_at, holder)
        values (${task.name}, now(), null, ${holder})
        on conflict (name) do update
          set started_at = excluded.started_at, finished_at = null, holder = excluded.holder
          where task_runs.started_at <= now() - make_interval(secs => ${minGapMs / 1000})
        returning to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startedAt"`);
      return (started as unknown as { rows: Array<{ startedAt: string }> }).rows[0]?.startedAt;
    });
    if (!claimed) return undefined;
    // The claim's start by the database's clock, the one the period is judged by.
    options.logger?.debug({ task: task.name, holder, startedAt: claimed }, "task run claimed");
    const result = await run();
    await db.execute(sql`
      update task_runs set finished_at = now() where name = ${task.name} and holder = ${holder}`);
    return result;
  };
}

/**
 * When each task claimed through `databaseRunExclusive` last ended without an error, in
 * whichever process ran it (its `finished_at`; none while a run goes or after one that failed).
 */
export async function lastTaskSuccesses(db: Db): Promise<Map<string, Date>> {
  const rows = await db
    .select({ name: taskRuns.name, finishedAt: taskRuns.finishedAt })
    .from(taskRuns)
    .where(isNotNull(taskRuns.finishedAt));
  return new Map(rows.flatMap((row) => (row.finishedAt ? [[row.name, row.finishedAt] as const] : [])));
}
