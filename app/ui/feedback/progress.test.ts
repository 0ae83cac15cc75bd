import { describe, expect, it } from "vitest";
import {
  estimatedProgress,
  LOADING_MIN_DISPLAY_DELAY_MS,
  PROGRESS_DURATION_MS,
  PROGRESS_THROTTLE_MS,
  progressFrame,
} from "./progress";

describe("progress bar timing", () => {
  it("uses the spec's constants: 5 s duration, 200 ms throttle, 200 ms display delay", () => {
    expect(PROGRESS_DURATION_MS).toBe(5000);
    expect(PROGRESS_THROTTLE_MS).toBe(200);
    expect(LOADING_MIN_DISPLAY_DELAY_MS).toBe(200);
  });

  it("stays hidden before the minimum display delay", () => {
    expect(progressFrame(0)).toEqual({ visible: false, value: 0 });
    expect(progressFrame(199)).toEqual({ visible: false, value: 0 });
    expect(progressFrame(200).visible).toBe(true);
  });

  it("counts up over about five seconds", () => {
    expect(estimatedProgress(0)).toBe(0);
    expect(estimatedProgress(2500)).toBeCloseTo(45);
    expect(estimatedProgress(5000)).toBeCloseTo(90);
    expect(progressFrame(1000).value).toBe(18);
  });

  it("only ever grows, one throttle step at a time", () => {
    let previous = -1;
    for (let t = 0; t <= 60_000; t += PROGRESS_THROTTLE_MS) {
      const value = estimatedProgress(t);
      expect(value).toBeGreaterThan(previous);
      previous = value;
    }
  });

  it("never reaches 100 % while the work is still running", () => {
    expect(estimatedProgress(10_000)).toBeGreaterThan(90);
    expect(estimatedProgress(10 * 60_000)).toBeLessThan(99.0001);
    expect(progressFrame(60 * 60_000).value).toBeLessThanOrEqual(99);
  });

  it("treats nonsense elapsed times as the start", () => {
    expect(estimatedProgress(-50)).toBe(0);
    expect(estimatedProgress(Number.NaN)).toBe(0);
  });
});
