import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { imageSize } from "image-size";
import { describe, expect, it } from "vitest";
import {
  type Art,
  allArt,
  artFormats,
  gameArtBySlug,
  gameArtOf,
  newsArtBySlug,
  newsArtOf,
  newsArtOfCover,
  officeArtBySlug,
  officeArtOf,
  pictureData,
  renditionHeight,
  renditionPath,
} from "./art";

const publicDir = path.resolve("public");

function viewBox(art: Art): { width: number; height: number } {
  const svg = fs.readFileSync(path.join(publicDir, art.source), "utf8");
  const match = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!match) throw new Error(`${art.source} has no viewBox`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

const crops = allArt.flatMap((art) => Object.entries(art.crops).map(([name, crop]) => ({ art, name, crop })));
const renditions = crops.flatMap(({ art, name, crop }) =>
  crop.widths.flatMap((width) =>
    artFormats.map((format) => ({
      file: renditionPath(art, name, width, format),
      width,
      height: renditionHeight(crop, width),
    })),
  ),
);

describe("art manifest", () => {
  it("lists renditions that are on disk at the pixel size it promises", () => {
    // Four games, seven offices, seven pages and fourteen articles, each in three formats.
    expect(renditions.length).toBeGreaterThan(500);
    for (const { file, width, height } of renditions) {
      const full = path.join(publicDir, file);
      expect(fs.existsSync(full), file).toBe(true);
      expect(imageSize(fs.readFileSync(full)), file).toMatchObject({ width, height });
    }
  });

  it("keeps every crop inside its scene and every focal point inside its crop", () => {
    for (const { art, name, crop } of crops) {
      const scene = viewBox(art);
      const label = `${art.dir} ${name}`;
      expect(crop.box.x, label).toBeGreaterThanOrEqual(0);
      expect(crop.box.y, label).toBeGreaterThanOrEqual(0);
      expect(crop.box.x + crop.box.width, label).toBeLessThanOrEqual(scene.width);
      expect(crop.box.y + crop.box.height, label).toBeLessThanOrEqual(scene.height);
      for (const axis of ["x", "y"] as const) {
        expect(crop.focus[axis], label).toBeGreaterThanOrEqual(0);
        expect(crop.focus[axis], label).toBeLessThanOrEqual(100);
      }
    }
  });

  // Which games, offices and articles need art is the content check's (check-assets.server.ts):
  // here, that each entry of the catalogue is whole.
  it("has a hero, banner, card and thumbnail for every game, a wide picture and a card for every office", () => {
    expect(Object.keys(gameArtBySlug).length).toBeGreaterThan(0);
    for (const art of Object.values(gameArtBySlug)) {
      expect(Object.keys(art.crops).sort()).toEqual(["banner", "card", "hero", "thumb"]);
    }
    expect(Object.keys(officeArtBySlug).length).toBeGreaterThan(0);
    for (const art of Object.values(officeArtBySlug)) {
      expect(Object.keys(art.crops).sort()).toEqual(["card", "wide"]);
    }
  });

  it("names every article's cover rendition as the content's front matter may name it", () => {
    for (const [slug, art] of Object.entries(newsArtBySlug)) {
      const cover = renditionPath(art, "cover", 1200, "jpg");
      expect(cover).toBe(`/images/art/news/${slug}/cover-1200.jpg`);
      expect(newsArtOfCover(cover)).toBe(art);
    }
  });

  it("renders every news cover at exactly 40:21 (1200 × 630, the size Open Graph is told)", () => {
    for (const art of Object.values(newsArtBySlug)) {
      for (const width of art.crops.cover.widths) {
        expect(renditionHeight(art.crops.cover, width), `${art.dir} ${width}`).toBe((width * 21) / 40);
      }
    }
  });

  it("never gives two articles the same crop and grade of one scene", () => {
    const looks = Object.values(newsArtBySlug).map((art) =>
      JSON.stringify([art.source, art.crops.cover.box, art.grade ?? null]),
    );
    expect(new Set(looks).size).toBe(looks.length);
  });

  it("keeps card renditions under 60 KB and hero renditions under 150 KB in AVIF", () => {
    const weighed = crops.filter(({ name }) => name === "card" || name === "hero");
    expect(weighed.length).toBe(Object.keys(gameArtBySlug).length * 2 + Object.keys(officeArtBySlug).length);
    for (const { art, name, crop } of weighed) {
      for (const width of crop.widths) {
        const file = renditionPath(art, name, width, "avif");
        const limit = name === "card" ? 60_000 : 150_000;
        expect(fs.statSync(path.join(publicDir, file)).size, file).toBeLessThan(limit);
      }
    }
  });
});

describe("pictureData", () => {
  it("offers AVIF, then WebP, then a JPEG img, every width once, with the crop's box and focal point", () => {
    fc.assert(
      fc.property(fc.constantFrom(...crops), fc.boolean(), ({ art, name, crop }, priority) => {
        const picture = pictureData(art, name, { priority });
        expect(picture.sources.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
        const widthsIn = (srcSet: string) =>
          srcSet.split(", ").map((entry) => Number(entry.split(" ")[1]!.slice(0, -1)));
        for (const srcSet of [...picture.sources.map((source) => source.srcSet), picture.img.srcSet]) {
          expect(widthsIn(srcSet)).toEqual([...crop.widths]);
        }
        for (const entry of picture.img.srcSet.split(", ")) expect(entry).toMatch(/\.jpg \d+w$/);
        expect(picture.img.src.startsWith(`${art.dir}/${name}-`)).toBe(true);
        expect(picture.img.src.endsWith(".jpg")).toBe(true);
        // The box the browser reserves has the crop's shape, to a pixel.
        expect(
          Math.abs(picture.img.height - (picture.img.width * crop.box.height) / crop.box.width),
        ).toBeLessThanOrEqual(1);
        expect(picture.img.loading).toBe(priority ? "eager" : "lazy");
        expect(picture.img.fetchPriority).toBe(priority ? "high" : undefined);
        expect(picture.img.alt).toBe("");
        expect(picture.img.style.objectPosition).toBe(`${crop.focus.x}% ${crop.focus.y}%`);
      }),
    );
  });

  it("hands a picture that is not decorative its alt text key to translate", () => {
    const art: Art<"wide"> = { ...officeArtBySlug.gent, alt: { key: "art.gent" } };
    expect(pictureData(art, "wide").img).toMatchObject({ alt: "", altKey: "art.gent" });
    expect(pictureData(officeArtBySlug.gent, "wide").img.altKey).toBeUndefined();
  });

  it("loads eagerly at the normal priority when asked (a list's first row), lazily otherwise", () => {
    const eager = pictureData(gameArtBySlug.tidebound, "card", { eager: true }).img;
    expect(eager.loading).toBe("eager");
    expect(eager.fetchPriority).toBeUndefined();
    expect(pictureData(gameArtBySlug.tidebound, "card").img.loading).toBe("lazy");
  });

  it("uses the sizes a component passes instead of the crop's own", () => {
    const picture = pictureData(gameArtBySlug.tidebound, "card", { sizes: "50vw" });
    expect(picture.img.sizes).toBe("50vw");
    expect(picture.sources.map((source) => source.sizes)).toEqual(["50vw", "50vw"]);
  });
});

describe("look-ups by slug", () => {
  it("find each game's, office's and article's own art by its slug", () => {
    for (const slug of Object.keys(gameArtBySlug)) {
      expect(gameArtOf(slug)?.source).toBe(`/images/art/games/${slug}.svg`);
    }
    for (const slug of Object.keys(officeArtBySlug)) {
      expect(officeArtOf(slug)?.source).toBe(`/images/art/offices/${slug}.svg`);
    }
    for (const [slug, art] of Object.entries(newsArtBySlug)) expect(newsArtOf(slug)).toBe(art);
  });

  it("find no game for a missing, unknown or inherited slug, nor an office for what is not a slug", () => {
    for (const slug of [null, undefined, "", "no-such-game", "toString", "__proto__", "constructor"]) {
      expect(gameArtOf(slug), String(slug)).toBeUndefined();
    }
    for (const slug of [null, undefined, "", "toString", "__proto__", "../gent", "gent/x"]) {
      expect(officeArtOf(slug), String(slug)).toBeUndefined();
    }
    // An office's slug is not a game's.
    expect(gameArtOf("gent")).toBeUndefined();
  });

  it("find a new office's scene by its slug alone, framed on the middle, a little above", () => {
    for (const slug of ["lyon", "constructor", "sao-paulo"]) {
      const art = officeArtOf(slug)!;
      expect(art.source).toBe(`/images/art/offices/${slug}.svg`);
      expect(art.dir).toBe(`/images/art/offices/${slug}`);
      expect(art.crops.wide.focus).toEqual({ x: 50, y: 45 });
      expect(Object.keys(art.crops).sort()).toEqual(["card", "wide"]);
    }
  });

  it("find an article's cover art from any of its cover renditions, and nothing for other paths", () => {
    for (const [slug, art] of Object.entries(newsArtBySlug)) {
      for (const width of art.crops.cover.widths) {
        expect(newsArtOfCover(`/images/art/news/${slug}/cover-${width}.jpg`)).toBe(art);
      }
    }
    for (const path of [
      "/images/art/news/quebec-studio-opens/cover-1200.webp",
      "/images/art/news/quebec-studio-opens/cover-1000.jpg",
      "/images/art/news/quebec-studio-opens/hero-1200.jpg",
      "/images/art/news/no-such-article/cover-1200.jpg",
      "/images/art/news/toString/cover-1200.jpg",
      "/images/news/quebec-studio-opens.jpg",
      "https://example.com/images/art/news/quebec-studio-opens/cover-1200.jpg",
      "",
    ]) {
      expect(newsArtOfCover(path), path).toBeUndefined();
    }
  });

  it("never throws on any string", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(() => [gameArtOf(text), officeArtOf(text), newsArtOfCover(text)]).not.toThrow();
      }),
    );
  });
});
