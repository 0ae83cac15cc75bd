import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fontCharacters, fontsDir } from "./font-characters";

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
});
