import { expect, it } from "vitest";
import { PREFETCH_IDLE_TIMEOUT_MS } from "./prefetch";

it("waits at most 2000 ms for the browser to be idle before links prefetch", () => {
  expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
});
