import { describe, expect, it } from "vitest";
import { zipFileName } from "./press.server";
import { formatFileSize, formatPrices } from "./press-format";

/** Intl separates numbers and units with (narrow) no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("press kit sizes, prices and zip names", () => {
  it("writes sizes with each language's unit", () => {
    expect(plain(formatFileSize(133_412, "en"))).toBe("133 kB");
    expect(plain(formatFileSize(133_412, "fr"))).toBe("133 ko");
    expect(plain(formatFileSize(1_250_000, "fr"))).toBe("1,3 Mo");
    expect(plain(formatFileSize(1_250_000, "es"))).toBe("1,3 MB");
    // Never "0 kB" for a tiny SVG.
    expect(plain(formatFileSize(312, "en"))).toBe("1 kB");
  });

  it("lists prices in the reader's format", () => {
    const prices = [
      { amount: 59.99, currency: "USD" },
      { amount: 79.99, currency: "CAD" },
    ];
    expect(plain(formatPrices(prices, "en"))).toBe("$59.99 · CA$79.99");
    expect(plain(formatPrices(prices, "fr"))).toBe("59,99 $ US · 79,99 $");
  });

  it("names the zip after the studio, the kit and the language", () => {
    expect(zipFileName("Stormkettle", "tidebound", "fr")).toBe("stormkettle-tidebound-press-kit-fr.zip");
    expect(zipFileName("Stormkettle", "stormkettle-2019", "en")).toBe("stormkettle-2019-press-kit-en.zip");
    expect(zipFileName("Éclair Jeux", "studio", "es")).toBe("eclair-jeux-studio-press-kit-es.zip");
  });
});
