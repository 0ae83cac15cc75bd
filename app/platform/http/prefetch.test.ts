import { describe, expect, it } from "vitest";
import { connectionAllowsPrefetch, PREFETCH_IDLE_TIMEOUT_MS } from "./prefetch";

describe("connectionAllowsPrefetch", () => {
  it("prefetches when the browser says nothing about its connection", () => {
    expect(connectionAllowsPrefetch(undefined)).toBe(true);
    expect(connectionAllowsPrefetch({})).toBe(true);
  });

  it("prefetches on 3g and 4g", () => {
    expect(connectionAllowsPrefetch({ effectiveType: "4g" })).toBe(true);
    expect(connectionAllowsPrefetch({ effectiveType: "3g", saveData: false })).toBe(true);
  });

  it("skips 2g and slow-2g connections", () => {
    expect(connectionAllowsPrefetch({ effectiveType: "2g" })).toBe(false);
    expect(connectionAllowsPrefetch({ effectiveType: "slow-2g" })).toBe(false);
  });

  it("skips when data saver is on, whatever the speed", () => {
    expect(connectionAllowsPrefetch({ effectiveType: "4g", saveData: true })).toBe(false);
  });

  it("waits at most 2000 ms for the browser to be idle", () => {
    expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
  });
});
