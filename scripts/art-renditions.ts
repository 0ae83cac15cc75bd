// Renders every illustration (layered SVGs under public/images/art/) to AVIF, WebP and JPEG at
// each crop's widths, and prints a size table: the page headers' scenes (app/ui/art/art.ts) and
// every picture the content is shown with, cut as it says (a game's `art:`, an office's
// `art:`, an article's `coverArt:`; CONTENT_DIR, else content/). The outputs are committed, so
// neither the build nor the server needs sharp; run again after changing an SVG or a cut:
//   npm run art:renditions                     every illustration
//   npm run art:renditions -- games/tidebound  only those whose folder names it
// (vite-node, as the content check: the content kinds reach modules that use import.meta.glob)
// Exits with 1 when a rendition is over its weight budget (docs/art-direction.md).
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { type Art, artFormats, type Box, renditionHeight, renditionPath } from "~/ui/art/art";
import { siteArt } from "./lib/site-art";

const publicDir = path.resolve("public");
const only = process.argv.slice(2).find((arg) => arg !== "--");

/** AVIF budgets by crop (the hero's is for its largest width, 1920); WebP and JPEG are not capped. */
function budget(crop: string): number | undefined {
  if (crop === "card") return 60_000;
  if (crop === "hero") return 150_000;
  return undefined;
}

const encoders = {
  avif: (image: Sharp) => image.avif({ quality: 52, effort: 4 }),
  webp: (image: Sharp) => image.webp({ quality: 76, effort: 6 }),
  jpg: (image: Sharp) => image.jpeg({ quality: 80, mozjpeg: true, progressive: true }),
};

type Row = { file: string; size: string; bytes: Record<string, number>; over: boolean };
const rows: Row[] = [];

/**
 * The source with its root element framed on one crop: librsvg then renders only that box, at
 * the output size, straight from the vector (every width is sharp, and a close crop of a large
 * scene costs no more than a small one).
 */
function framed(svg: string, box: Box, width: number, height: number): Buffer {
  const root = /<svg\b[^>]*>/.exec(svg);
  if (!root) throw new Error("no <svg> element");
  const attributes = root[0]
    .replace(/\s(viewBox|width|height)="[^"]*"/g, "")
    .replace(
      />$/,
      ` viewBox="${box.x} ${box.y} ${box.width} ${box.height}" width="${width}" height="${height}">`,
    );
  return Buffer.from(svg.replace(root[0], attributes));
}

async function render(art: Art) {
  const svg = await fs.readFile(path.join(publicDir, art.source), "utf8");
  await fs.mkdir(path.join(publicDir, art.dir), { recursive: true });
  for (const [name, crop] of Object.entries(art.crops)) {
    for (const width of crop.widths) {
      const height = renditionHeight(crop, width);
      let image = sharp(framed(svg, crop.box, width, height));
      if (art.grade) image = image.modulate(art.grade);
      const bytes: Record<string, number> = {};
      for (const format of artFormats) {
        const file = path.join(publicDir, renditionPath(art, name, width, format));
        const info = await encoders[format](image.clone()).toFile(file);
        bytes[format] = info.size;
      }
      const limit = budget(name);
      rows.push({
        file: renditionPath(art, name, width, "avif").replace(/\.avif$/, ""),
        size: `${width}x${height}`,
        bytes,
        over: limit !== undefined && bytes.avif! > limit,
      });
    }
  }
}

const selected = (await siteArt(process.env.CONTENT_DIR ?? "content")).filter(
  (art) => !only || art.dir.includes(only),
);
if (selected.length === 0) throw new Error(`No illustration matches ${only}`);
for (const art of selected) await render(art);

const kb = (n: number | undefined) => `${((n ?? 0) / 1024).toFixed(1)} KB`.padStart(9);
console.log(
  `${"rendition".padEnd(56)} ${"pixels".padEnd(10)} ${"avif".padStart(9)} ${"webp".padStart(9)} ${"jpg".padStart(9)}`,
);
for (const row of rows) {
  console.log(
    `${row.file.padEnd(56)} ${row.size.padEnd(10)} ${kb(row.bytes.avif)} ${kb(row.bytes.webp)} ${kb(row.bytes.jpg)}${row.over ? "  OVER BUDGET" : ""}`,
  );
}
const total = rows.reduce((sum, row) => sum + Object.values(row.bytes).reduce((a, b) => a + b, 0), 0);
console.log(
  `${rows.length} renditions × ${artFormats.length} formats, ${(total / 1024 / 1024).toFixed(1)} MB in all`,
);
if (rows.some((row) => row.over)) {
  console.error("Some renditions are over budget: simplify the art (less grain, fewer fine details).");
  process.exitCode = 1;
}
