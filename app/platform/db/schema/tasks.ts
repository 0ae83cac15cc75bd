import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The last run of each periodic task, across every process sharing the database: a process
 * starts a run only when the last one started at least a period ago (see
 * platform/tasks/run-once.server.ts). `finished_at` is null while a run goes, or when it
 * failed or its process died.
 */
export const taskRuns = pgTable("task_runs", {
  name: text("name").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  /** The process that started the last run (host, pid and a random suffix), for operators. */
  holder: text("holder").notNull(),
});
