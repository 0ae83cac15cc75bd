import { describe, expect, it } from "vitest";
import { zipFileName } from "./press.server";
import { formatFileSize, formatPrices, kitFacts } from "./press-format";

/** Intl separates numbers and units with (narrow) no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("press kit sizes, prices, facts and zip names", () => {
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

  it("lists the facts a kit has, in order, with the studio's founding in place of a release", () => {
    const facts = {
      developer: "Stormkettle Studios",
      publisher: null,
      basedIn: "Gent (Belgium)",
      releaseDate: "2004-03-15",
      platforms: [],
      website: "https://stormkettle.example",
      price: [{ amount: 59.99, currency: "USD" }],
    };
    expect(kitFacts({ kind: "studio", facts }, "en")).toEqual([
      { key: "developer", value: "Stormkettle Studios" },
      { key: "basedIn", value: "Gent (Belgium)" },
      { key: "founded", value: "March 15, 2004" },
      { key: "website", value: "https://stormkettle.example" },
      { key: "price", value: "$59.99" },
    ]);
    expect(kitFacts({ kind: "game", facts: { ...facts, price: [] } }, "fr").map((fact) => fact.key)).toEqual([
      "developer",
      "basedIn",
      "releaseDate",
      "website",
    ]);
  });

  it("names the zip after the studio, the kit and the language", () => {
    expect(zipFileName("Stormkettle", "tidebound", "fr")).toBe("stormkettle-tidebound-press-kit-fr.zip");
    expect(zipFileName("Stormkettle", "stormkettle-2019", "en")).toBe("stormkettle-2019-press-kit-en.zip");
    expect(zipFileName("Éclair Jeux", "studio", "es")).toBe("eclair-jeux-studio-press-kit-es.zip");
  });
});
