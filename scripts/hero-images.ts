// Renders the home hero's key art (public/images/pages/home/hero.svg) as AVIF, WebP and JPEG at
// the widths of app/features/home/hero-image.ts. The outputs are committed, so neither the build
// nor the server needs sharp; run again after changing the SVG:
//   npx tsx scripts/hero-images.ts
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { heroArt, heroFile } from "~/features/home/hero-image";

const publicDir = path.resolve("public");
const source = path.join(publicDir, `${heroArt.base}.svg`);
const svg = await fs.readFile(source);

for (const width of heroArt.widths) {
  // Render the vector at the target width (density scales the 1600-wide viewBox) rather than
  // resizing one bitmap, so every width is sharp.
  const density = Math.ceil((72 * width) / heroArt.width);
  const image = sharp(svg, { density }).resize({ width, height: Math.round((width * 9) / 16) });
  const outputs = {
    avif: image.clone().avif({ quality: 55, effort: 6 }),
    webp: image.clone().webp({ quality: 78 }),
    jpg: image.clone().jpeg({ quality: 80, mozjpeg: true, progressive: true }),
  } as const;
  for (const format of heroArt.formats) {
    const file = path.join(publicDir, heroFile(width, format));
    const info = await outputs[format].toFile(file);
    console.log(`${path.relative(process.cwd(), file)} ${info.width}x${info.height} ${info.size} bytes`);
  }
}
