// Renders the link-preview images (Open Graph / Twitter cards, 1200×630 JPEG: the networks do
// not show SVG) from the site's vector art: the studio card from the home hero and one card per
// office from its city (public/images/art/offices, docs/art-direction.md; job pages use their
// office's) and one per game from its key art (public/images/art/games, its page's card). The
// outputs are committed, so
// neither the build nor the server needs sharp; run again after changing the art:
//   npx tsx scripts/social-images.ts
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { socialImage } from "~/platform/seo/social-image";

const publicDir = path.resolve("public");
const sources: Array<[svg: string, card: string]> = [["images/pages/home/hero.svg", socialImage.studio]];
for (const file of await fs.readdir(path.join(publicDir, "images/art/offices"))) {
  if (file.endsWith(".svg"))
    sources.push([`images/art/offices/${file}`, socialImage.office(file.slice(0, -4))]);
}

for (const file of await fs.readdir(path.join(publicDir, "images/art/games"))) {
  if (file.endsWith(".svg")) sources.push([`images/art/games/${file}`, socialImage.game(file.slice(0, -4))]);
}

for (const [svgPath, card] of sources) {
  const svg = await fs.readFile(path.join(publicDir, svgPath));
  const out = path.join(publicDir, card);
  await fs.mkdir(path.dirname(out), { recursive: true });
  // Rendered at twice the density and cropped to the card, so edges stay sharp.
  const info = await sharp(svg, { density: 192 })
    .resize({ width: socialImage.width, height: socialImage.height, fit: "cover" })
    .jpeg({ quality: 82, mozjpeg: true, progressive: true })
    .toFile(out);
  console.log(`${card} ${info.width}x${info.height} ${info.size} bytes`);
}
