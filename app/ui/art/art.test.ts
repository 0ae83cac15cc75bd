import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Art,
  defaultGameFraming,
  gameArt,
  newsArt,
  newsCoverPath,
  officeArt,
  pageArtByKey,
  pictureData,
  renditionHeight,
} from "./art";

/** Pictures of every kind, framed by default and as content frames them. */
const samples: Art[] = [
  ...Object.values(pageArtByKey),
  gameArt("tidebound"),
  gameArt("tidebound", {
    bannerY: 200,
    thumb: { x: 630, y: 100, width: 1100, height: 1100 },
    focus: { x: 49, y: 40 },
  }),
  officeArt("gent"),
  officeArt("dublin", { x: 50, y: 55 }),
  newsArt("quebec-playtest-lab", {
    scene: "offices/quebec",
    box: { x: 560, y: 150, width: 800 },
    focus: { x: 50, y: 55 },
    grade: { brightness: 1.05, hue: 25 },
  }),
];
const crops = samples.flatMap((art) =>
  Object.entries(art.crops).map(([name, crop]) => ({ art, name, crop })),
);

describe("framing", () => {
  it("cuts a game's key art into a hero, banner, card and thumbnail, framed by default on the middle", () => {
    const art = gameArt("new-game");
    expect(art.source).toBe("/images/art/games/new-game.svg");
    expect(art.dir).toBe("/images/art/games/new-game");
    expect(Object.keys(art.crops).sort()).toEqual(["banner", "card", "hero", "thumb"]);
    expect(art.crops.thumb.box).toEqual(defaultGameFraming.thumb);
    expect(art.crops.banner.box.y).toBe(defaultGameFraming.bannerY);
    expect(art.crops.hero.focus).toEqual({ x: 50, y: 50 });
  });

  it("cuts a game's banner and thumbnail where its content says, focus moved with the crop", () => {
    const art = gameArt("tidebound", {
      bannerY: 200,
      thumb: { x: 630, y: 100, width: 1100, height: 1100 },
      focus: { x: 49, y: 40 },
    });
    expect(art.crops.banner.box).toEqual({ x: 0, y: 200, width: 2400, height: 800 });
    expect(art.crops.thumb.box).toEqual({ x: 630, y: 100, width: 1100, height: 1100 });
    expect(art.crops.hero.focus).toEqual({ x: 49, y: 40 });
    // 49 % of 2400 is 1176, 546 into the thumbnail's 1100; 40 % of 1350 is 540, 440 into it.
    expect(art.crops.thumb.focus).toEqual({ x: 50, y: 40 });
  });

  it("frames an office's city on the middle, a little above, unless its content says where", () => {
    expect(officeArt("lyon").crops.wide.focus).toEqual({ x: 50, y: 45 });
    expect(officeArt("dublin", { x: 50, y: 55 }).crops.wide.focus).toEqual({ x: 50, y: 55 });
    expect(Object.keys(officeArt("lyon").crops).sort()).toEqual(["card", "wide"]);
  });

  it("cuts an article's cover from the scene its front matter names, at exactly 40:21", () => {
    const art = newsArt("an-article", {
      scene: "games/tidebound",
      box: { x: 200, y: 150, width: 2000 },
      focus: { x: 50, y: 45 },
    });
    expect(art.source).toBe("/images/art/games/tidebound.svg");
    expect(newsCoverPath(art)).toBe("/images/art/news/an-article/cover-1200.jpg");
    for (const width of art.crops.cover.widths) {
      expect(renditionHeight(art.crops.cover, width)).toBe((width * 21) / 40);
    }
  });

  it("renders any cover box at exactly 40:21 (1200 × 630, the size Open Graph is told)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 2400 }), (width) => {
        const art = newsArt("a", {
          scene: "pages/careers",
          box: { x: 0, y: 0, width },
          focus: { x: 50, y: 50 },
        });
        for (const w of art.crops.cover.widths)
          expect(renditionHeight(art.crops.cover, w)).toBe((w * 21) / 40);
      }),
    );
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
    const art: Art<"wide"> = { ...officeArt("gent"), alt: { key: "art.gent" } };
    expect(pictureData(art, "wide").img).toMatchObject({ alt: "", altKey: "art.gent" });
    expect(pictureData(officeArt("gent"), "wide").img.altKey).toBeUndefined();
  });

  it("loads eagerly at the normal priority when asked (a list's first row), lazily otherwise", () => {
    const eager = pictureData(gameArt("tidebound"), "card", { eager: true }).img;
    expect(eager.loading).toBe("eager");
    expect(eager.fetchPriority).toBeUndefined();
    expect(pictureData(gameArt("tidebound"), "card").img.loading).toBe("lazy");
  });

  it("uses the sizes a component passes instead of the crop's own", () => {
    const picture = pictureData(gameArt("tidebound"), "card", { sizes: "50vw" });
    expect(picture.img.sizes).toBe("50vw");
    expect(picture.sources.map((source) => source.sizes)).toEqual(["50vw", "50vw"]);
  });
});
