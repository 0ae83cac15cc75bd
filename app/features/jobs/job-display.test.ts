import { describe, expect, it } from "vitest";
import { formatSalaryAmounts } from "./job-display";

describe("salary display", () => {
  it("keeps an open-ended salary open-ended", () => {
    expect(formatSalaryAmounts({ min: 40000, currency: "GBP", period: "YEAR" }, "en")).toEqual({
      min: "£40,000",
      max: null,
      period: "YEAR",
    });
  });

  it("writes both ends of a range in the offer's currency", () => {
    expect(formatSalaryAmounts({ min: 52000, max: 61000, currency: "EUR", period: "YEAR" }, "en")).toEqual({
      min: "€52,000",
      max: "€61,000",
      period: "YEAR",
    });
  });
});
