import { describe, expect, it } from "vitest";
import { languageLinks, offeredLanguages } from "./language-links";

describe("languageLinks", () => {
  it("links the same page in every language, English without a prefix, keeping the query", () => {
    const links = languageLinks({ pathname: "/fr/careers", search: "?location=quebec&team=art" });
    expect(links.map((l) => [l.lang, l.href, l.current])).toEqual([
      ["en", "/careers?location=quebec&team=art", false],
      ["fr", "/fr/careers?location=quebec&team=art", true],
      ["es", "/es/careers?location=quebec&team=art", false],
    ]);
  });

  it("maps the home page to /, /fr and /es", () => {
    expect(languageLinks({ pathname: "/es", search: "" }).map((l) => l.href)).toEqual(["/", "/fr", "/es"]);
    expect(languageLinks({ pathname: "/", search: "" }).map((l) => l.href)).toEqual(["/", "/fr", "/es"]);
  });

  it("gives each link its BCP 47 tag and the language's own name", () => {
    const fr = languageLinks({ pathname: "/", search: "" }).find((l) => l.lang === "fr");
    expect(fr).toMatchObject({ tag: "fr-CA", name: "Français" });
  });

  it("offers only the languages a route allows", () => {
    const links = languageLinks({ pathname: "/careers/locations/quebec", search: "" }, ["en", "fr"]);
    expect(links.map((l) => l.href)).toEqual(["/careers/locations/quebec", "/fr/careers/locations/quebec"]);
  });
});

describe("offeredLanguages", () => {
  it("is every language when no route narrows it", () => {
    expect(offeredLanguages([{ handle: undefined }, { handle: {} }])).toEqual(["en", "fr", "es"]);
  });

  it("takes the deepest route's list and drops unknown codes", () => {
    const matches = [
      { handle: { languages: ["en", "fr", "es"] } },
      { handle: { languages: ["en", "fr", "de"] } },
    ];
    expect(offeredLanguages(matches)).toEqual(["en", "fr"]);
  });
});
