import { describe, expect, it } from "vitest";
import { formatDate, formatMoney } from "./format";

describe("page formats", () => {
  it("writes dates in the page's language, whatever the server's time zone", () => {
    expect(formatDate("2026-03-01T00:00:00.000Z", "en")).toBe("March 1, 2026");
    expect(formatDate("2026-03-01T00:00:00.000Z", "fr")).toBe("1 mars 2026");
    expect(formatDate("2026-03-01T00:00:00.000Z", "es")).toBe("1 de marzo de 2026");
  });

  it("writes a Date (an e-mail's deletion date) as it writes the same instant as text", () => {
    const instant = "2027-05-12T23:30:00.000Z";
    expect(formatDate(new Date(instant), "fr")).toBe("12 mai 2027");
    expect(formatDate(new Date(instant), "es")).toBe(formatDate(instant, "es"));
  });

  it("writes whole amounts without decimals, in the given currency", () => {
    expect(formatMoney(52000, "EUR", "en")).toBe("€52,000");
    expect(formatMoney(52000, "EUR", "fr").replace(/\s/g, " ")).toBe("52 000 €");
    expect(formatMoney(21.5, "CAD", "en")).toBe("CA$21.50");
  });
});
