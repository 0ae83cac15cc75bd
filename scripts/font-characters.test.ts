import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bodyFontWeights, fontCharacters, fontsDir } from "./font-characters";

const root = path.join(import.meta.dirname, "..");

describe("the cut fonts", () => {
  it("were cut for every character the content and catalogs use (else: npx tsx scripts/subset-fonts.ts)", () => {
    const kept = fs.readFileSync(path.join(fontsDir(root), "characters.txt"), "utf8").replace(/\n$/, "");
    const missing = [...fontCharacters(root)].filter((char) => !kept.includes(char));
    expect(missing).toEqual([]);
  });

  it("keep French and Spanish letters and typographic punctuation", () => {
    const kept = fontCharacters(root);
    for (const char of "éèêàçôœÉñ¿¡’“”–—…€") expect(kept, char).toContain(char);
  });

  it("keep every weight the stylesheets ask for (Inter was cut to a range of weights)", () => {
    const weights = fs
      .readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".css"))
      .flatMap((file) => {
        const css = fs
          .readFileSync(path.join(root, "app", file), "utf8")
          .replace(/@font-face\s*\{[^}]*\}/g, "");
        return [...css.matchAll(/font-weight:\s*([^;}]+)/g)].map((m) => m[1]!.trim());
      });
    expect(weights.length).toBeGreaterThan(50);
    const outside = weights.filter((weight) => {
      const value = { normal: 400, bold: 700 }[weight] ?? Number(weight);
      if (weight === "inherit") return false;
      return !(value >= bodyFontWeights.min && value <= bodyFontWeights.max);
    });
    expect(outside).toEqual([]);
  });
});
