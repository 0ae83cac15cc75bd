import type { Logger } from "~/platform/logging.server";
import type { Task } from "./task";

/**
 * Runs one run of a task, or skips it. By default every process runs its own;
 * `databaseRunExclusive` (run-once.server.ts) runs each task once per period across the
 * processes sharing the database, from the task's name and period.
 */
export type RunExclusive = (
  task: Pick<Task, "name" | "everyMs">,
  run: () => Promise<unknown>,
) => Promise<unknown>;

/** Every process runs every run: for work any number of processes may do at once. */
export const runHere: RunExclusive = (_task, run) => run();

export type Scheduler = {
  /** Stops the timers and waits for the runs in progress, so the database outlives them. */
  stop(): Promise<void>;
};

export function startTasks(
  tasks: readonly Task[],
  options: {
    logger: Pick<Logger, "warn">;
    runExclusive?: RunExclusive;
    /** Told of each run this process carried out that ended without an error (metrics). */
    onSuccess?: (task: Task, at: Date) => void;
  },
): Scheduler {
  const runExclusive = options.runExclusive ?? runHere;
  const stopping = new AbortController();
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];

  const runOnce = (task: Task) => {
    if (running.has(task.name)) return;
    const run = Promise.resolve()
      .then(() =>
        runExclusive(task, async () => {
          const result = await task.run(stopping.signal);
          options.onSuccess?.(task, new Date());
          return result;
        }),
      )
      .then(
        () => undefined,
        (err: unknown) => options.logger.warn({ err, task: task.name }, "task failed; trying again later"),
      )
      .finally(() => running.delete(task.name));
    running.set(task.name, run);
  };

  for (const task of tasks) {
    if (task.runAtStart ?? true) runOnce(task);
    const timer = setInterval(() => runOnce(task), task.everyMs);
    // The HTTP server keeps the process alive; a pending run alone must not.
    timer.unref();
    timers.push(timer);
  }

  return {
    async stop() {
      stopping.abort();
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
