/**
 * Writes the Latin faces of the site's two fonts cut to the characters its own texts use
 * (app/ui/styles/fonts/): Inter (body) also to the weights the stylesheets use.
 *
 *   npx tsx scripts/subset-fonts.ts
 *
 * Why: the two Latin files from @fontsource-variable weigh 80 KB, and on a phone they load
 * before the first paint with the stylesheets and the page's art; Lighthouse's simulated
 * largest paint counts every byte of them (bench/README.md, figure 5). The cut files weigh
 * 59 KB: Inter keeps weights 400-800 (the stylesheets use 400-800), both keep the Latin
 * face's characters (scripts/font-characters.ts) without the glyphs only an OpenType feature
 * the site does not turn on would reach. A character they lack is taken from the complete file
 * (app/ui/styles/fonts.css). scripts/font-characters.test.ts fails when the texts use a
 * character the files lack: run this again.
 */
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import { bodyFontWeights, fontCharacters, fontsDir } from "./font-characters";

const root = path.join(import.meta.dirname, "..");
const characters = fontCharacters(root);
const faces = [
  {
    from: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    to: "inter-latin.woff2",
    weights: bodyFontWeights,
  },
  { from: "@fontsource-variable/outfit/files/outfit-latin-wght-normal.woff2", to: "outfit-latin.woff2" },
];
for (const face of faces) {
  const source = fs.readFileSync(path.join(root, "node_modules", face.from));
  const cut = await subsetFont(source, characters, {
    targetFormat: "woff2",
    ...(face.weights ? { variationAxes: { wght: face.weights } } : {}),
  });
  fs.writeFileSync(path.join(fontsDir(root), face.to), cut);
  console.log(`${face.to}: ${source.length} -> ${cut.length} bytes`);
}
fs.writeFileSync(path.join(fontsDir(root), "characters.txt"), `${characters}\n`);
console.log(`${[...characters].length} characters`);
