import { describe, expect, it } from "vitest";
import { faqSearchLimits, faqSearchQuery, searchTerms } from "./faq-search";

describe("searchTerms", () => {
  it("splits on anything but letters and digits, folds, and drops repeats", () => {
    expect(searchTerms("  Mot de passe, mot-de-PASSE!")).toEqual(["mot", "de", "passe"]);
    expect(searchTerms("¿Cómo restablezco mi contraseña?")).toEqual([
      "como",
      "restablezco",
      "mi",
      "contrasena",
    ]);
    expect(searchTerms("%_% \\")).toEqual([]);
  });

  it("keeps at most the configured number of words from a bounded query", () => {
    expect(searchTerms("a b c d e f g h i j k")).toHaveLength(faqSearchLimits.maxTerms);
    expect(searchTerms(`${"x".repeat(faqSearchLimits.maxQuery)} tail`)).toEqual([
      "x".repeat(faqSearchLimits.maxQuery),
    ]);
  });
});

describe("faqSearchQuery", () => {
  it("fills defaults and refuses junk", () => {
    expect(faqSearchQuery.parse({})).toEqual({
      lang: "en",
      page: 1,
      pageSize: faqSearchLimits.defaultPageSize,
    });
    for (const bad of [
      { page: "0" },
      { pageSize: "51" },
      { lang: "de" },
      { category: "../x" },
      { q: ["a", "b"] },
    ]) {
      expect(faqSearchQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
