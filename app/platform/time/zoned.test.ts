import { describe, expect, it } from "vitest";
import { localTimeToInstant, parseLocalDateTime } from "./zoned";

describe("local office times", () => {
  it("names the instant of a wall-clock time at the office, in winter and in summer", () => {
    expect(localTimeToInstant("2027-01-23T09:00", "America/Toronto")?.toISOString()).toBe(
      "2027-01-23T14:00:00.000Z",
    );
    expect(localTimeToInstant("2027-07-10T09:00", "Europe/Madrid")?.toISOString()).toBe(
      "2027-07-10T07:00:00.000Z",
    );
    expect(localTimeToInstant("2027-03-01T09:30", "Asia/Kuala_Lumpur")?.toISOString()).toBe(
      "2027-03-01T01:30:00.000Z",
    );
  });

  it("refuses what is not a calendar day and time", () => {
    expect(parseLocalDateTime("2027-02-30T09:00")).toBeNull();
    expect(parseLocalDateTime("2027-01-23T24:00")).toBeNull();
    expect(parseLocalDateTime("2027-01-23 09:00")).toBeNull();
    expect(localTimeToInstant("tomorrow", "Europe/Madrid")).toBeNull();
  });
});
