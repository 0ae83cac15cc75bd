import { describe, expect, it } from "vitest";
import { addMonths } from "./months";

describe("addMonths", () => {
  it("keeps the day of the month and the time", () => {
    expect(addMonths(new Date("2026-11-22T12:00:00Z"), 12).toISOString()).toBe("2027-11-22T12:00:00.000Z");
  });

  it("clamps to the last day of a shorter month", () => {
    expect(addMonths(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(new Date("2027-08-31T00:00:00Z"), 6).toISOString()).toBe("2028-02-29T00:00:00.000Z");
  });
});
