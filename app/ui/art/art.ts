/**
 * The site's picture kit: key art for a game, a city scene for an office, art for the page
 * headers and a cover for a news article. Each is a layered SVG under public/images/art/ (the
 * source of truth, see docs/art-direction.md) cut into crops and rendered by
 * `scripts/art-renditions.ts` as AVIF, WebP and JPEG at the widths listed here. The renditions
 * are committed, so neither the build nor the server needs sharp. How a game's, office's or
 * article's picture is framed is content (its YAML or front matter, `art:`/`coverArt:`): the
 * content kinds list those pictures (`ContentKind.art`), and only the page headers' are here.
 *
 * Components render a crop with `pictureData()`: a <picture> with AVIF and WebP sources and a
 * JPEG <img>, its width and height set (no layout shift) and, below the fold, loaded lazily.
 */

export const artFormats = ["avif", "webp", "jpg"] as const;
export type ArtFormat = (typeof artFormats)[number];

const mimeTypes: Record<ArtFormat, string> = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" };

/** A rectangle in the source SVG's viewBox units. */
export type Box = { x: number; y: number; width: number; height: number };

/** Where the subject sits in a crop, in percent of its width and height (CSS object-position). */
export type Focus = { x: number; y: number };

export type Crop = {
  box: Box;
  /** Rendered widths in pixels, ascending. */
  widths: readonly number[];
  focus: Focus;
  /** The `sizes` the crop is usually shown at; a component may pass its own. */
  sizes: string;
};

/**
 * A colour grade applied to a crop after rendering, so an article can reuse a scene without
 * looking like a copy of another (sharp's modulate: 1 leaves a channel as it is).
 */
export type Grade = { brightness?: number; saturation?: number; hue?: number };

/** Every picture here sits beside text that names its subject, so all are decorative today. */
export type Alt = { decorative: true } | { key: string };

export type Art<C extends string = string> = {
  /** The layered SVG, under public/. */
  source: string;
  /** Folder of the renditions, under public/: `${dir}/${crop}-${width}.${format}`. */
  dir: string;
  crops: Record<C, Crop>;
  alt: Alt;
  grade?: Grade;
};

const decorative = { decorative: true } as const;

// Game key art: 2400 × 1350 sources whose subject sits in the middle third, so every crop
// keeps it. The banner is a band chosen per game; the thumbnail is a square around the subject.
const gameWidths = {
  hero: [640, 960, 1280, 1600, 1920],
  banner: [960, 1440, 1920],
  card: [320, 480, 640, 960],
  thumb: [160, 320],
} as const;
const gameSizes = {
  hero: "100vw",
  banner: "100vw",
  card: "(min-width: 970px) 33vw, (min-width: 640px) 50vw, 100vw",
  thumb: "160px",
};
export type GameCrop = keyof typeof gameWidths;

/** How a game's key art is framed: the banner's band, the thumbnail's square, the subject. */
export type GameFraming = {
  /** Top of the 2400 × 800 banner band. */
  bannerY: number;
  /** The thumbnail's square, around the subject. */
  thumb: Box;
  /** Where the subject sits, in percent of the full scene. */
  focus: Focus;
};

/**
 * A scene drawn as docs/art-direction.md asks (the subject in the middle third) framed without
 * being told: a game whose content says nothing of its art gets these.
 */
export const defaultGameFraming: GameFraming = {
  bannerY: 275,
  thumb: { x: 650, y: 125, width: 1100, height: 1100 },
  focus: { x: 50, y: 50 },
};

/**
 * A game's key art (public/images/art/games/{slug}.svg and its renditions), framed as its
 * content says (content/games/{slug}.yaml, `art:`), else by default.
 */
export function gameArt(slug: string, framing?: GameFraming | null): Art<GameCrop> {
  const { bannerY, thumb, focus } = framing ?? defaultGameFraming;
  const crop = (name: GameCrop, box: Box): Crop => ({
    box,
    widths: gameWidths[name],
    sizes: gameSizes[name],
    focus: {
      x: Math.round((((focus.x * 2400) / 100 - box.x) / box.width) * 100),
      y: Math.round((((focus.y * 1350) / 100 - box.y) / box.height) * 100),
    },
  });
  return {
    source: `/images/art/games/${slug}.svg`,
    dir: `/images/art/games/${slug}`,
    alt: decorative,
    crops: {
      hero: crop("hero", { x: 0, y: 0, width: 2400, height: 1350 }),
      banner: crop("banner", { x: 0, y: bannerY, width: 2400, height: 800 }),
      card: crop("card", { x: 188, y: 0, width: 2025, height: 1350 }),
      thumb: crop("thumb", thumb),
    },
  };
}

// Office cities: 1920 × 1080 scenes, the landmark near the middle; the card is the 3:2 slice
// around it.
const officeWidths = { wide: [640, 960, 1280, 1920], card: [320, 480, 640, 960] } as const;
export type OfficeCrop = keyof typeof officeWidths;

/**
 * Where an office's landmark sits when its content says nothing: the middle, a little above. A
 * city scene is drawn that way (docs/art-direction.md), so most offices need no `art:`.
 */
export const defaultOfficeFocus: Focus = { x: 50, y: 45 };

/**
 * An office's city scene (public/images/art/offices/{slug}.svg and its renditions), framed on
 * its landmark where its content puts it (content/offices/{slug}.yaml, `art.focus`).
 */
export function officeArt(slug: string, landmark?: Focus | null): Art<OfficeCrop> {
  const focus = landmark ?? defaultOfficeFocus;
  const cardX = Math.min(300, Math.max(0, Math.round((focus.x / 100) * 1920 - 810)));
  return {
    source: `/images/art/offices/${slug}.svg`,
    dir: `/images/art/offices/${slug}`,
    alt: decorative,
    crops: {
      wide: {
        box: { x: 0, y: 0, width: 1920, height: 1080 },
        widths: officeWidths.wide,
        focus,
        sizes: "100vw",
      },
      card: {
        box: { x: cardX, y: 0, width: 1620, height: 1080 },
        widths: officeWidths.card,
        focus: { x: Math.round((((focus.x / 100) * 1920 - cardX) / 1620) * 100), y: focus.y },
        sizes: "(min-width: 970px) 33vw, (min-width: 640px) 50vw, 100vw",
      },
    },
  };
}

// Page headers: one wide 1920 × 1080 scene each. Beside the text (4:3 box) and on a phone
// (a short full-width band) the same file is cropped by CSS: object-fit: cover with
// object-position at `focus` keeps the subject in view.
export type PageCrop = "wide";

function pageArt(
  key: string,
  focus: Focus,
  shown: Pick<Crop, "widths" | "sizes"> = {
    widths: [480, 640, 960, 1280],
    sizes: "(min-width: 970px) 45vw, 100vw",
  },
): Art<PageCrop> {
  return {
    source: `/images/art/pages/${key}.svg`,
    dir: `/images/art/pages/${key}`,
    alt: decorative,
    crops: {
      wide: { box: { x: 0, y: 0, width: 1920, height: 1080 }, focus, ...shown },
    },
  };
}

/** The pages' scenes, by page: pages are code, so their art is listed here. */
export const pageArtByKey = {
  careers: pageArt("careers", { x: 50, y: 60 }),
  internships: pageArt("internships", { x: 55, y: 55 }),
  contact: pageArt("contact", { x: 50, y: 55 }),
  alerts: pageArt("alerts", { x: 55, y: 65 }),
  support: pageArt("support", { x: 53, y: 60 }),
  report: pageArt("report", { x: 51, y: 60 }),
  playtesting: pageArt("playtesting", { x: 50, y: 50 }),
  // Not a header: the sign-in and account pages' backdrop (layouts.css, `.layout--login`), its
  // door right of the card.
  // It covers the whole window, so it is cut up to 1920 px wide too (layouts.css picks it on
  // windows wider than 1280 px, which would otherwise stretch the 1280 px one).
  account: pageArt("account", { x: 70, y: 55 }, { widths: [480, 640, 960, 1280, 1920], sizes: "100vw" }),
} satisfies Record<string, Art<PageCrop>>;

export type PageArtKey = keyof typeof pageArtByKey;

// News covers: 1200 × 630 (the Open Graph size), a crop of a game's, office's or page's scene.
// Articles about one game or one office crop different parts of it, or grade it differently. A
// box's height is its width × 21/40; every rendition is 400 × 210, 800 × 420 or 1200 × 630.
export type NewsCrop = "cover";
const coverAspect = 630 / 1200;

/**
 * How an article's cover is cut (its front matter's `coverArt`): the scene it is cut from
 * ("games/tidebound", "offices/dublin", "pages/internships": public/images/art/{scene}.svg),
 * the box (its height follows from the width), where the subject sits and an optional grade.
 */
export type CoverArt = {
  scene: string;
  box: Omit<Box, "height">;
  focus: Focus;
  grade?: Grade;
};

/** An article's cover art (public/images/art/news/{slug}/), cut as its front matter says. */
export function newsArt(slug: string, cover: CoverArt): Art<NewsCrop> {
  return {
    source: `/images/art/${cover.scene}.svg`,
    dir: `/images/art/news/${slug}`,
    alt: decorative,
    grade: cover.grade,
    crops: {
      cover: {
        // Not rounded: a viewBox takes fractions, and every rendition is then exactly 40:21.
        box: { ...cover.box, height: cover.box.width * coverAspect },
        widths: [400, 800, 1200],
        focus: cover.focus,
        sizes: "(min-width: 970px) 720px, 100vw",
      },
    },
  };
}

/** The rendition an article's front matter names as its `cover` (the 1200 JPEG): shares, feeds. */
export function newsCoverPath(art: Art<NewsCrop>): string {
  return renditionPath(art, "cover", 1200, "jpg");
}

/** Every file a piece of art needs under public/: its layered source and each rendition. */
export function artFiles(art: Art): string[] {
  return [
    art.source,
    ...Object.entries(art.crops).flatMap(([name, crop]) =>
      crop.widths.flatMap((width) => artFormats.map((format) => renditionPath(art, name, width, format))),
    ),
  ];
}

export function renditionPath(art: Art, crop: string, width: number, format: ArtFormat): string {
  return `${art.dir}/${crop}-${width}.${format}`;
}

/** The pixel height of a crop rendered `width` pixels wide. */
export function renditionHeight(crop: Crop, width: number): number {
  return Math.round((width * crop.box.height) / crop.box.width);
}

export type PictureData = {
  sources: Array<{ type: string; srcSet: string; sizes: string }>;
  img: {
    src: string;
    srcSet: string;
    sizes: string;
    width: number;
    height: number;
    alt: string;
    /** The translation key of the alt text, when the picture is not decorative. */
    altKey?: string;
    loading: "lazy" | "eager";
    decoding: "async";
    fetchPriority?: "high";
    style: { objectPosition: string };
  };
};

/**
 * What a <picture> needs for one crop: AVIF and WebP <source>s, then a JPEG <img> whose
 * width and height are the largest rendition's (the browser reserves the box from them).
 * `priority` is for the one hero above the fold: loaded at once and fetched first. `eager` is
 * for other art that may show on arrival (a list's first row): loaded at once, at the normal
 * priority. All else is lazy.
 */
export function pictureData<C extends string>(
  art: Art<C>,
  cropName: C,
  { sizes, priority = false, eager = false }: { sizes?: string; priority?: boolean; eager?: boolean } = {},
): PictureData {
  const crop = art.crops[cropName];
  const srcSet = (format: ArtFormat) =>
    crop.widths.map((w) => `${renditionPath(art, cropName, w, format)} ${w}w`).join(", ");
  const chosenSizes = sizes ?? crop.sizes;
  const largest = crop.widths[crop.widths.length - 1]!;
  // The JPEG fallback `src` is the middle width: browsers without srcset are old and small.
  const fallback = crop.widths[Math.floor((crop.widths.length - 1) / 2)]!;
  return {
    sources: (["avif", "webp"] as const).map((format) => ({
      type: mimeTypes[format],
      srcSet: srcSet(format),
      sizes: chosenSizes,
    })),
    img: {
      src: renditionPath(art, cropName, fallback, "jpg"),
      srcSet: srcSet("jpg"),
      sizes: chosenSizes,
      width: largest,
      height: renditionHeight(crop, largest),
      alt: "",
      ...("key" in art.alt ? { altKey: art.alt.key } : {}),
      loading: priority || eager ? "eager" : "lazy",
      decoding: "async",
      ...(priority ? { fetchPriority: "high" as const } : {}),
      style: { objectPosition: `${crop.focus.x}% ${crop.focus.y}%` },
    },
  };
}
