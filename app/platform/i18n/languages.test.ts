import { describe, expect, it } from "vitest";
import { localizePath, pick, splitLanguage } from "./languages";

describe("language paths", () => {
  it("omits the prefix for English and keeps it for the others", () => {
    expect(localizePath("/careers", "en")).toBe("/careers");
    expect(localizePath("/careers", "fr")).toBe("/fr/careers");
    expect(localizePath("/", "es")).toBe("/es");
  });

  it("puts the prefix before a fragment or a query, not after it", () => {
    expect(localizePath("/#games", "fr")).toBe("/fr#games");
    expect(localizePath("/?q=1", "es")).toBe("/es?q=1");
    expect(localizePath("/careers?location=quebec#js-careers", "fr")).toBe(
      "/fr/careers?location=quebec#js-careers",
    );
    expect(localizePath("/#games", "en")).toBe("/#games");
  });

  it("splits a path into language and English path", () => {
    expect(splitLanguage("/fr/careers/12")).toEqual({ lang: "fr", path: "/careers/12" });
    expect(splitLanguage("/careers")).toEqual({ lang: "en", path: "/careers" });
    expect(splitLanguage("/de/careers")).toEqual({ lang: "en", path: "/de/careers" });
    expect(splitLanguage("/es")).toEqual({ lang: "es", path: "/" });
  });

  it("falls back to English text", () => {
    expect(pick({ en: "Hello", fr: "Bonjour" }, "fr")).toBe("Bonjour");
    expect(pick({ en: "Hello" }, "es")).toBe("Hello");
  });
});
