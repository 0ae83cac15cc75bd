// Renders the seed press kits' images and logos (content/press/<kit>/files/) from the studio's
// art under public/images/art (each game's key art, each office's city; docs/art-direction.md),
// then every kit's thumbnails. The outputs are committed, so
// neither the build nor the server needs sharp. A kit added by hand needs only the thumbnails:
//   npm run press:thumbs            (thumbnails of every kit's files)
//   npx tsx scripts/press-images.ts --seed   (also re-render the seed art)
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const contentDir = path.resolve(process.env.CONTENT_DIR ?? "content", "press");
const publicDir = path.resolve("public");
/** The grid shows thumbnails at most 320 CSS px wide; 480 covers 1.5x screens. */
const thumbWidth = 480;

type Render = { from: string; width: number; height: number; position?: string; muted?: boolean };

/**
 * A game kit's three images, each from a different scene of the game (docs/art-direction.md,
 * "More scenes of a game"), so the kit's grid shows three pictures, not three crops of one:
 * the key art, then `header` (a place or a character moment) and `scene` (a battle or a mood)
 * from public/images/art/scenes/{game}/.
 */
const gameArt = (game: string, header: string, scene: string): Record<string, Render> => ({
  "key-art.jpg": { from: `images/art/games/${game}.svg`, width: 1200, height: 1500 },
  "header.jpg": { from: `images/art/scenes/${game}/${header}.svg`, width: 1920, height: 1080 },
  "scene.jpg": { from: `images/art/scenes/${game}/${scene}.svg`, width: 1600, height: 900 },
});

/** Seed kits: file → how it is rendered. Logos are written as SVG below. */
const seeds: Record<string, Record<string, Render>> = {
  studio: {
    "studio-key-art.jpg": { from: "images/pages/home/hero.svg", width: 1920, height: 1080 },
    "office-quebec.jpg": { from: "images/art/offices/quebec.svg", width: 1600, height: 900 },
    "office-gent.jpg": { from: "images/art/offices/gent.svg", width: 1600, height: 900 },
    "office-barcelona.jpg": { from: "images/art/offices/barcelona.svg", width: 1600, height: 900 },
  },
  "ashen-covenant": gameArt("ashen-covenant", "oath", "breach"),
  "the-lantern-court": gameArt("the-lantern-court", "bridge", "masquerade"),
  tidebound: gameArt("tidebound", "diver", "storm"),
  "emberfall-tactics": gameArt("emberfall-tactics", "camp", "charge"),
  "emberfall-tactics-2016": {
    "key-art.jpg": { from: "images/art/games/emberfall-tactics.svg", width: 1200, height: 1500, muted: true },
  },
  "studio-2019": {
    "studio-key-art.jpg": { from: "images/pages/home/hero.svg", width: 1600, height: 900, muted: true },
  },
};

/** Wordmarks: [kit, name, accent colour, ink colour]. */
const wordmarks: Array<[string, string, string, string]> = [
  ["ashen-covenant", "Ashen Covenant", "#d9531e", "#1b0b0e"],
  ["the-lantern-court", "The Lantern Court", "#ffd27a", "#15112b"],
  ["tidebound", "Tidebound", "#2f7a8a", "#0b2a3d"],
  ["emberfall-tactics", "Emberfall Tactics", "#ff8a1f", "#1c1208"],
  ["emberfall-tactics-2016", "Emberfall Tactics", "#c2703a", "#1c1208"],
];

function escapeXml(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function wordmarkSvg(name: string, accent: string, ink: string) {
  const width = 120 + name.length * 34;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 120" width="${width}" height="120" role="img" aria-label="${escapeXml(name)}">
  <circle cx="60" cy="60" r="46" fill="${accent}"/>
  <path d="M60 24l30 36-30 36-30-36z" fill="${ink}"/>
  <circle cx="60" cy="60" r="9" fill="${accent}"/>
  <text x="124" y="76" font-family="DejaVu Serif, Georgia, serif" font-size="48" font-weight="700" fill="${ink}">${escapeXml(name)}</text>
</svg>
`;
}

async function render(kit: string, file: string, spec: Render) {
  const svg = await fs.readFile(path.join(publicDir, spec.from));
  const meta = await sharp(svg).metadata();
  // Render the vector at the size the crop needs (density scales the viewBox) rather than
  // upscaling a bitmap.
  const scale = Math.max(spec.width / (meta.width ?? spec.width), spec.height / (meta.height ?? spec.height));
  let image = sharp(svg, { density: Math.ceil(72 * scale) }).resize({
    width: spec.width,
    height: spec.height,
    fit: "cover",
    position: spec.position ?? "centre",
  });
  // Archived kits' art is the older, flatter grade of the same scenes.
  if (spec.muted) image = image.modulate({ saturation: 0.55, brightness: 0.95 });
  const out = path.join(contentDir, kit, "files", file);
  await fs.mkdir(path.dirname(out), { recursive: true });
  const info = await image.jpeg({ quality: 80, mozjpeg: true, progressive: true }).toFile(out);
  console.log(`${path.relative(process.cwd(), out)} ${info.width}x${info.height} ${info.size} bytes`);
}

async function seed() {
  for (const [kit, files] of Object.entries(seeds)) {
    for (const [file, spec] of Object.entries(files)) await render(kit, file, spec);
  }
  for (const [kit, name, accent, ink] of wordmarks) {
    const dir = path.join(contentDir, kit, "files");
    await fs.mkdir(dir, { recursive: true });
    const svg = wordmarkSvg(name, accent, ink);
    await fs.writeFile(path.join(dir, "logo.svg"), svg);
    await sharp(Buffer.from(svg), { density: 288 })
      .png({ compressionLevel: 9 })
      .toFile(path.join(dir, "logo.png"));
  }
  for (const kit of ["studio", "studio-2019"]) {
    const dir = path.join(contentDir, kit, "files");
    const logo = await fs.readFile(path.join(publicDir, "brand/logo.svg"));
    await fs.writeFile(path.join(dir, "stormkettle-logo.svg"), logo);
    await sharp(logo, { density: 1152 })
      .resize(1024, 1024)
      .png({ compressionLevel: 9 })
      .toFile(path.join(dir, "stormkettle-logo.png"));
  }
}

async function thumbnails() {
  for (const kit of await fs.readdir(contentDir)) {
    const filesDir = path.join(contentDir, kit, "files");
    const thumbsDir = path.join(contentDir, kit, "thumbs");
    const files = await fs.readdir(filesDir).catch(() => []);
    await fs.rm(thumbsDir, { recursive: true, force: true });
    await fs.mkdir(thumbsDir, { recursive: true });
    for (const file of files) {
      const source = path.join(filesDir, file);
      const input = file.endsWith(".svg") ? sharp(source, { density: 300 }) : sharp(source);
      const out = path.join(thumbsDir, `${file}.webp`);
      const info = await input
        .resize({ width: thumbWidth, withoutEnlargement: false })
        .webp({ quality: 74 })
        .toFile(out);
      console.log(`${path.relative(process.cwd(), out)} ${info.width}x${info.height} ${info.size} bytes`);
    }
  }
}

if (process.argv.includes("--seed")) await seed();
await thumbnails();
