import { describe, expect, it, vi } from "vitest";
import { purgeTask } from "./task";

describe("purgeTask", () => {
  const task = (deleted: number) => {
    const logger = { info: vi.fn() };
    const purge = vi.fn(async () => deleted);
    return {
      purge,
      logger,
      task: purgeTask({ name: "x", everyMs: 1000, purge, logMessage: "gone", logger }),
    };
  };

  it("purges on each run and logs how much went", async () => {
    const { purge, logger, task: t } = task(3);
    await t.run(new AbortController().signal);
    expect(purge).toHaveBeenCalledTimes(1);
    expect(logger.info).toHaveBeenCalledWith({ deleted: 3 }, "gone");
  });

  it("writes no log line when nothing went", async () => {
    const { logger, task: t } = task(0);
    await t.run(new AbortController().signal);
    expect(logger.info).not.toHaveBeenCalled();
  });
});
