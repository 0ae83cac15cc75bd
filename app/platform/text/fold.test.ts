import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiSlug, fold, queryWords } from "./fold";

// Property tests: a guard against a hang, not a timing (5 s ran out on a loaded two-core machine).
describe("fold", { timeout: 30_000 }, () => {
  it("opens the letters decomposition leaves whole, in either case", () => {
    expect(fold("Łódź")).toBe("lodz");
    expect(fold("Æ æ")).toBe("ae ae");
    expect(fold("ß ẞ Straße")).toBe("ss ss strasse");
    expect(fold("Œuvre Þór Øresund Đakovo Iğdır Ħamrun")).toBe("oeuvre thor oresund dakovo igdir hamrun");
  });

  it("drops case, accents and compatibility forms in the site's languages", () => {
    expect(fold("Contraseña RÉINITIALISER àâçèêëîïôûùüÿ")).toBe("contrasena reinitialiser aaceeeiiouuuy");
    expect(fold("ﬁnal Ｑuébec")).toBe("final quebec");
  });

  it("is stable: folding folded text changes nothing", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 20 }), (text) => fold(fold(text)) === fold(text)),
    );
  });
});

describe("queryWords", () => {
  const limits = { maxLength: 100, maxWords: 8 };

  it("splits on anything but letters and digits, folds, and drops repeats", () => {
    expect(queryWords("  Mot de passe, mot-de-PASSE!", limits)).toEqual(["mot", "de", "passe"]);
    expect(queryWords("¿Cómo restablezco mi contraseña?", limits)).toEqual([
      "como",
      "restablezco",
      "mi",
      "contrasena",
    ]);
    expect(queryWords("%_% \\", limits)).toEqual([]);
  });

  it("reads at most maxLength characters and keeps at most maxWords words", () => {
    expect(queryWords("a b c d e f g h i j k", limits)).toEqual(["a", "b", "c", "d", "e", "f", "g", "h"]);
    expect(queryWords(`${"x".repeat(100)} tail`, limits)).toEqual(["x".repeat(100)]);
  });
});

describe("asciiSlug", () => {
  it("keeps folded ASCII letters and digits joined by the separator", () => {
    expect(asciiSlug("¿Qué recoge cada formulario?")).toBe("que-recoge-cada-formulario");
    expect(asciiSlug("Łódź & Ærø", " ")).toBe("lodz aero");
    expect(asciiSlug("!!!")).toBe("");
  });
});
