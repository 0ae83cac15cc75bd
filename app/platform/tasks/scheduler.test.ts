import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startTasks } from "./scheduler.server";
import { defineTask } from "./task";

/** A run that finishes when the test says so. */
function deferred() {
  let finish!: () => void;
  let fail!: (err: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

const quiet = () => ({ warn: vi.fn() });

describe("task scheduler", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs a task at start and then once per interval, or first after one interval when asked", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.boolean(),
        async (everyMs, elapsedMs, runAtStart) => {
          let runs = 0;
          const task = defineTask({ name: "count", everyMs, runAtStart, run: async () => void runs++ });
          const scheduler = startTasks([task], { logger: quiet() });
          await vi.advanceTimersByTimeAsync(elapsedMs);
          await scheduler.stop();
          expect(runs).toBe((runAtStart ? 1 : 0) + Math.floor(elapsedMs / everyMs));
        },
      ),
      { numRuns: 50 },
    );
  });

  it("skips a run while the previous one is still going", async () => {
    const runs: ReturnType<typeof deferred>[] = [];
    const task = defineTask({
      name: "slow",
      everyMs: 1000,
      run: () => {
        const run = deferred();
        runs.push(run);
        return run.promise;
      },
    });
    const scheduler = startTasks([task], { logger: quiet() });
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    await scheduler.stop();
  });

  it("logs a failed run with the task's name and tries again at the next interval", async () => {
    const logger = quiet();
    let attempts = 0;
    const task = defineTask({
      name: "flaky",
      everyMs: 1000,
      run: async () => {
        attempts++;
        if (attempts === 1) throw new Error("database away");
      },
    });
    const scheduler = startTasks([task], { logger });
    await vi.advanceTimersByTimeAsync(0);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ task: "flaky", err: expect.any(Error) }),
      expect.any(String),
    );
    await vi.advanceTimersByTimeAsync(1000);
    expect(attempts).toBe(2);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    await scheduler.stop();
  });

  it("at stop, tells running tasks, waits for them and starts no more", async () => {
    const run = deferred();
    let signal: AbortSignal | undefined;
    let runs = 0;
    const task = defineTask({
      name: "drain",
      everyMs: 1000,
      run: (stopping) => {
        runs++;
        signal = stopping;
        return run.promise;
      },
    });
    const scheduler = startTasks([task], { logger: quiet() });
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(signal?.aborted).toBe(true);
    expect(stopped).toBe(false);
    run.finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(1);
  });

  it("hands every run to runExclusive with the task's name and period", async () => {
    const seen: string[] = [];
    const tasks = [
      defineTask({ name: "a", everyMs: 1000, run: async () => {} }),
      defineTask({ name: "b", everyMs: 500, run: async () => {} }),
    ];
    const scheduler = startTasks(tasks, {
      logger: quiet(),
      runExclusive: (task, run) => {
        seen.push(`${task.name}/${task.everyMs}`);
        return run();
      },
    });
    await vi.advanceTimersByTimeAsync(1000);
    await scheduler.stop();
    expect(seen.sort()).toEqual(["a/1000", "a/1000", "b/500", "b/500", "b/500"]);
  });

  it("runs nothing when runExclusive skips the run", async () => {
    let runs = 0;
    const task = defineTask({ name: "elsewhere", everyMs: 1000, run: async () => void runs++ });
    const scheduler = startTasks([task], { logger: quiet(), runExclusive: async () => undefined });
    await vi.advanceTimersByTimeAsync(3000);
    await scheduler.stop();
    expect(runs).toBe(0);
  });

  it("reports a run that ended without an error as a success, never a failed or skipped one", async () => {
    const successes: string[] = [];
    let fail = false;
    const tasks = [
      defineTask({
        name: "flaky",
        everyMs: 1000,
        run: async () => {
          fail = !fail;
          if (fail) throw new Error("relay down");
        },
      }),
      defineTask({ name: "elsewhere", everyMs: 1000, run: async () => {} }),
    ];
    const scheduler = startTasks(tasks, {
      logger: quiet(),
      // Another process claims every run of "elsewhere".
      runExclusive: (task, run) => (task.name === "elsewhere" ? Promise.resolve(undefined) : run()),
      onSuccess: (task, at) => successes.push(`${task.name}@${at.getTime()}`),
    });
    await vi.advanceTimersByTimeAsync(3000);
    await scheduler.stop();
    // Runs at 0 (fails), 1000 (succeeds), 2000 (fails), 3000 (succeeds).
    const start = Date.now() - 3000;
    expect(successes).toEqual([`flaky@${start + 1000}`, `flaky@${start + 3000}`]);
  });
});
