/**
 * Work the process repeats in the background (retention purges, the mail outbox, job alerts,
 * the recruiting sync). A task only says what to do and how often; the scheduler decides when
 * and where it runs.
 */
export type Task = {
  /** Names the task in logs and, for `runExclusive`, across processes. */
  name: string;
  /** Time between the starts of two runs; a run still going when the next is due skips it. */
  everyMs: number;
  /** First run at start (the default), or only after one interval (work that calls outside services). */
  runAtStart?: boolean;
  /**
   * A failure is logged and the next run tries again. `stopping` is aborted at shutdown: work
   * done in rounds (a backlog drained batch by batch) stops after the current one.
   */
  run: (stopping: AbortSignal) => Promise<unknown>;
};

/** Written where the work lives (a feature); the scheduler only needs the list. */
export function defineTask(task: Task): Task {
  return task;
}

/**
 * A retention purge (what the privacy page promises to delete once its time has passed): runs
 * `purge`, which answers how many rows went, and logs the count when anything went.
 */
export function purgeTask(options: {
  name: string;
  everyMs: number;
  purge: () => Promise<number>;
  /** What went, for the log line: "old page-view counts deleted". */
  logMessage: string;
  logger: { info(fields: object, message: string): void };
}): Task {
  return defineTask({
    name: options.name,
    everyMs: options.everyMs,
    async run() {
      const deleted = await options.purge();
      if (deleted) options.logger.info({ deleted }, options.logMessage);
    },
  });
}
