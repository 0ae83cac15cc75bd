import fs from "node:fs";
import path from "node:path";
import { imageSize } from "image-size";
import { beforeAll, describe, expect, it } from "vitest";
import { type Art, artFormats, renditionHeight, renditionPath } from "~/ui/art/art";
import { testContent } from "../tests/support/test-content";
import { siteArt } from "./lib/site-art";

/**
 * The site's illustrations as the content cuts them (scripts/lib/site-art.ts): every rendition
 * scripts/art-renditions.ts promises is committed at its size, every cut lies inside its scene.
 * Which games, offices and articles need art is the content check's (check-assets.server.ts).
 */
const publicDir = path.resolve("public");
let art: Art[] = [];
const crops = () =>
  art.flatMap((a) => Object.entries(a.crops).map(([name, crop]) => ({ art: a, name, crop })));
const ofKind = (kind: string) => art.filter((a) => a.dir.startsWith(`/images/art/${kind}/`));

function viewBox(a: Art): { width: number; height: number } {
  const svg = fs.readFileSync(path.join(publicDir, a.source), "utf8");
  const match = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!match) throw new Error(`${a.source} has no viewBox`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

beforeAll(async () => {
  // The tests' own content tree: its games, offices and articles are the studio's, cut the same way.
  art = await siteArt(testContent);
});

describe("the site's illustrations, cut as the content says", () => {
  it("are on disk at the pixel size each rendition promises", () => {
    const renditions = crops().flatMap(({ art: a, name, crop }) =>
      crop.widths.flatMap((width) =>
        artFormats.map((format) => ({
          file: renditionPath(a, name, width, format),
          width,
          height: renditionHeight(crop, width),
        })),
      ),
    );
    // Four games, seven offices, seven pages and seven articles, each in three formats.
    expect(renditions.length).toBeGreaterThan(450);
    for (const { file, width, height } of renditions) {
      const full = path.join(publicDir, file);
      expect(fs.existsSync(full), file).toBe(true);
      expect(imageSize(fs.readFileSync(full)), file).toMatchObject({ width, height });
    }
  });

  it("keep every crop inside its scene and every focal point inside its crop", () => {
    for (const { art: a, name, crop } of crops()) {
      const scene = viewBox(a);
      const label = `${a.dir} ${name}`;
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

  it("frame the games, offices and articles the content has, the pages' too", () => {
    expect(ofKind("games").map((a) => a.dir.split("/").at(-1))).toEqual([
      "ashen-covenant",
      "emberfall-tactics",
      "the-lantern-court",
      "tidebound",
    ]);
    expect(ofKind("offices").length).toBe(fs.readdirSync(path.join(testContent, "offices")).length);
    expect(ofKind("news").length).toBe(fs.readdirSync(path.join(testContent, "news")).length);
    expect(ofKind("pages").length).toBe(8);
  });

  it("keep card renditions under 60 KB and hero renditions under 150 KB in AVIF", () => {
    const weighed = crops().filter(({ name }) => name === "card" || name === "hero");
    expect(weighed.length).toBe(ofKind("games").length * 2 + ofKind("offices").length);
    for (const { art: a, name, crop } of weighed) {
      for (const width of crop.widths) {
        const file = renditionPath(a, name, width, "avif");
        const limit = name === "card" ? 60_000 : 150_000;
        expect(fs.statSync(path.join(publicDir, file)).size, file).toBeLessThan(limit);
      }
    }
  });
});
