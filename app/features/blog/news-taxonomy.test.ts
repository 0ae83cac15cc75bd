import { describe, expect, it } from "vitest";
import { normalizeSearchText } from "./news-taxonomy";

describe("normalizeSearchText", () => {
  it("ignores case and accents", () => {
    expect(normalizeSearchText("Québec")).toBe("quebec");
    expect(normalizeSearchText("QUÉBEC")).toBe(normalizeSearchText("quebec"));
    expect(normalizeSearchText("Año Niño")).toBe("ano nino");
  });

  it("opens ligatures and drops Markdown marks and punctuation", () => {
    expect(normalizeSearchText("Œuvre **bold** [link](x), l'équipe!")).toBe("oeuvre bold link x l equipe");
  });
});
