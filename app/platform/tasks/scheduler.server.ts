import type { Logger } from "~/platform/logging.server";
import type { Task } from "./task";

/**
 * Runs one run of a task. Today every process runs its own; a leader lock (a PostgreSQL
 * advisory lock) or a job queue goes here to run a task once across processes, without
 * touching the tasks.
 */
export type RunExclusive = (name: string, run: () => Promise<unknown>) => Promise<unknown>;

const runHere: RunExclusive = (_name, run) => run();

export type Scheduler = {
  /** Stops the timers and waits for the runs in progress, so the database outlives them. */
  stop(): Promise<void>;
};

export function startTasks(
  tasks: readonly Task[],
  options: { logger: Pick<Logger, "warn">; runExclusive?: RunExclusive },
): Scheduler {
  const runExclusive = options.runExclusive ?? runHere;
  const stopping = new AbortController();
  const running = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];

  const runOnce = (task: Task) => {
    if (running.has(task.name)) return;
    const run = Promise.resolve()
      .then(() => runExclusive(task.name, () => task.run(stopping.signal)))
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
