/**
 * The site's illustrations: key art for each game, a city scene for each office, art for the
 * page headers and one cover per news article. Each is a layered SVG under public/images/art/
 * (the source of truth, see docs/art-direction.md) cut into crops and rendered by
 * `scripts/art-renditions.ts` as AVIF, WebP and JPEG at the widths listed here. The renditions
 * are committed, so neither the build nor the server needs sharp.
 *
 * Components render a crop with `pictureData()`: a <picture> with AVIF and WebP sources and a
 * JPEG <img>, its width and height set (no layout shift) and, below the fold, loaded lazily.
 */

export const artFormats = ["avif", "webp", "jpg"] as const;

import { slugPattern, slugRegExp } from "~/platform/text/slug";
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

function gameArt(
  slug: string,
  { bannerY, thumb, focus }: { bannerY: number; thumb: Box; focus: Focus },
): Art<GameCrop> {
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

/** Key art by game slug (content/games/{slug}.yaml). `focus` is in percent of the full scene. */
export const gameArtBySlug = {
  "ashen-covenant": gameArt("ashen-covenant", {
    bannerY: 300,
    thumb: { x: 650, y: 250, width: 1100, height: 1100 },
    focus: { x: 50, y: 55 },
  }),
  "emberfall-tactics": gameArt("emberfall-tactics", {
    bannerY: 300,
    thumb: { x: 650, y: 200, width: 1100, height: 1100 },
    focus: { x: 51, y: 55 },
  }),
  "the-lantern-court": gameArt("the-lantern-court", {
    bannerY: 330,
    thumb: { x: 700, y: 150, width: 1100, height: 1100 },
    focus: { x: 52, y: 60 },
  }),
  tidebound: gameArt("tidebound", {
    bannerY: 200,
    thumb: { x: 630, y: 100, width: 1100, height: 1100 },
    focus: { x: 49, y: 40 },
  }),
} satisfies Record<string, Art<GameCrop>>;

// Office cities: 1920 × 1080 scenes, the landmark near the middle; the card is the 3:2 slice
// around it.
const officeWidths = { wide: [640, 960, 1280, 1920], card: [320, 480, 640, 960] } as const;
export type OfficeCrop = keyof typeof officeWidths;

function officeArt(slug: string, focus: Focus): Art<OfficeCrop> {
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

/**
 * Where an office's landmark sits when nothing else is said: the middle, a little above. A city
 * scene is drawn that way (docs/art-direction.md), so an office added to the content needs only
 * its scene under public/images/art/offices/ and its renditions, no entry here.
 */
const officeFocus: Focus = { x: 50, y: 45 };

/** Offices whose landmark sits elsewhere than `officeFocus`. */
const officeFocusBySlug: Record<string, Focus> = {
  dublin: { x: 50, y: 55 },
  gent: { x: 50, y: 50 },
};

/** An office's city scene by its slug, framed on its landmark. */
function cityArt(slug: string): Art<OfficeCrop> {
  return officeArt(slug, lookUp(officeFocusBySlug, slug) ?? officeFocus);
}

/** The offices the page headers below borrow a city from; any other office has its scene by slug. */
const headerOffices = [
  "barcelona",
  "dublin",
  "gent",
  "guildford",
  "kuala-lumpur",
  "quebec",
  "warsaw",
] as const;

/** City art of those offices, also listed in `allArt` for the renditions script and the tests. */
export const officeArtBySlug = Object.fromEntries(
  headerOffices.map((slug) => [slug, cityArt(slug)]),
) as Record<(typeof headerOffices)[number], Art<OfficeCrop>>;

// Page headers: one wide 1920 × 1080 scene each. Beside the text (4:3 box) and on a phone
// (a short full-width band) the same file is cropped by CSS: object-fit: cover with
// object-position at `focus` keeps the subject in view.
export type PageCrop = "wide";

function pageArt(key: string, focus: Focus): Art<PageCrop> {
  return {
    source: `/images/art/pages/${key}.svg`,
    dir: `/images/art/pages/${key}`,
    alt: decorative,
    crops: {
      wide: {
        box: { x: 0, y: 0, width: 1920, height: 1080 },
        widths: [480, 640, 960, 1280],
        focus,
        sizes: "(min-width: 970px) 45vw, 100vw",
      },
    },
  };
}

export const pageArtByKey = {
  careers: pageArt("careers", { x: 50, y: 60 }),
  internships: pageArt("internships", { x: 55, y: 55 }),
  contact: pageArt("contact", { x: 50, y: 55 }),
  alerts: pageArt("alerts", { x: 55, y: 65 }),
  support: pageArt("support", { x: 53, y: 60 }),
  report: pageArt("report", { x: 51, y: 60 }),
  playtesting: pageArt("playtesting", { x: 50, y: 50 }),
} satisfies Record<string, Art<PageCrop>>;

// News covers: 1200 × 630 (the Open Graph size), a crop of the subject's scene. Articles about
// one game or one office crop different parts of it, or grade it differently. A box's width is
// a multiple of 40, so its height (× 21/40) is whole and every rendition exactly 40:21.
export type NewsCrop = "cover";
const coverAspect = 630 / 1200;

function newsArt(
  slug: string,
  from: Art,
  box: Omit<Box, "height">,
  focus: Focus,
  grade?: Grade,
): Art<NewsCrop> {
  return {
    source: from.source,
    dir: `/images/art/news/${slug}`,
    alt: decorative,
    grade,
    crops: {
      cover: {
        box: { ...box, height: Math.round(box.width * coverAspect) },
        widths: [400, 800, 1200],
        focus,
        sizes: "(min-width: 970px) 720px, 100vw",
      },
    },
  };
}

const games = gameArtBySlug;
const offices = officeArtBySlug;

/** Covers by article slug (content/news/{slug}/); the front matter's `cover` is the 1200 JPEG. */
export const newsArtBySlug = {
  "accessibility-in-our-games": newsArt(
    "accessibility-in-our-games",
    games["the-lantern-court"],
    { x: 760, y: 560, width: 1300 },
    { x: 45, y: 60 },
  ),
  "ashen-covenant-awards": newsArt(
    "ashen-covenant-awards",
    games["ashen-covenant"],
    { x: 840, y: 80, width: 720 },
    { x: 50, y: 50 },
    { brightness: 1.08, saturation: 1.2, hue: 12 },
  ),
  "ashen-covenant-launch": newsArt(
    "ashen-covenant-launch",
    games["ashen-covenant"],
    { x: 0, y: 90, width: 2400 },
    { x: 50, y: 60 },
  ),
  "ashen-covenant-update-1-2": newsArt(
    "ashen-covenant-update-1-2",
    games["ashen-covenant"],
    { x: 770, y: 640, width: 880 },
    { x: 50, y: 60 },
    { saturation: 0.8, hue: -20 },
  ),
  "dublin-studio-new-home": newsArt(
    "dublin-studio-new-home",
    offices.dublin,
    { x: 160, y: 200, width: 1600 },
    { x: 50, y: 55 },
  ),
  "emberfall-tactics-remastered": newsArt(
    "emberfall-tactics-remastered",
    games["emberfall-tactics"],
    { x: 200, y: 250, width: 2000 },
    { x: 52, y: 55 },
  ),
  "gent-playtest-weekend": newsArt(
    "gent-playtest-weekend",
    offices.gent,
    { x: 160, y: 160, width: 1600 },
    { x: 50, y: 50 },
  ),
  "internships-2025": newsArt(
    "internships-2025",
    pageArtByKey.internships,
    { x: 160, y: 200, width: 1600 },
    { x: 50, y: 50 },
  ),
  "kuala-lumpur-art-jam": newsArt(
    "kuala-lumpur-art-jam",
    offices["kuala-lumpur"],
    { x: 360, y: 120, width: 1200 },
    { x: 50, y: 45 },
  ),
  "quebec-playtest-lab": newsArt(
    "quebec-playtest-lab",
    offices.quebec,
    { x: 560, y: 150, width: 800 },
    { x: 50, y: 55 },
    { brightness: 1.05, hue: 25 },
  ),
  "quebec-studio-opens": newsArt(
    "quebec-studio-opens",
    offices.quebec,
    { x: 0, y: 72, width: 1920 },
    { x: 50, y: 45 },
  ),
  "the-lantern-court-launch": newsArt(
    "the-lantern-court-launch",
    games["the-lantern-court"],
    { x: 300, y: 60, width: 1800 },
    { x: 55, y: 45 },
  ),
  "tidebound-first-look": newsArt(
    "tidebound-first-look",
    games.tidebound,
    { x: 200, y: 150, width: 2000 },
    { x: 50, y: 45 },
  ),
  "warsaw-tools-team": newsArt(
    "warsaw-tools-team",
    offices.warsaw,
    { x: 160, y: 100, width: 1600 },
    { x: 50, y: 50 },
  ),
} satisfies Record<string, Art<NewsCrop>>;

/**
 * Look-ups by the slugs content uses. The manifest is the one home of "which picture shows this
 * game, office or page": content files name no image for games and offices, and components ask
 * here with the slug they already have. `undefined` for a slug without art (a game just added
 * to content, before its art; the unit test fails until it has some).
 */
function lookUp<A>(table: Record<string, A>, slug: string | null | undefined): A | undefined {
  return slug && Object.hasOwn(table, slug) ? table[slug] : undefined;
}

/** A game's key art by its slug (content/games/{slug}.yaml). */
export function gameArtOf(slug: string | null | undefined): Art<GameCrop> | undefined {
  return lookUp<Art<GameCrop>>(gameArtBySlug, slug);
}

/**
 * An office's city by its slug (content/offices/{slug}.yaml): the scene named after it
 * (public/images/art/offices/{slug}.svg and its renditions, which the content check requires).
 */
export function officeArtOf(slug: string | null | undefined): Art<OfficeCrop> | undefined {
  if (!slug || !slugRegExp.test(slug)) return undefined;
  return lookUp<Art<OfficeCrop>>(officeArtBySlug, slug) ?? cityArt(slug);
}

/** An article's cover by its slug (content/news/{slug}/). */
export function newsArtOf(slug: string | null | undefined): Art<NewsCrop> | undefined {
  return lookUp<Art<NewsCrop>>(newsArtBySlug, slug);
}

export type PageArtKey = keyof typeof pageArtByKey;

const newsCoverPattern = new RegExp(`^/images/art/news/(${slugPattern})/cover-\\d+\\.jpg$`);

/**
 * The news cover an article's front matter names, when it is one of the manifest's renditions
 * (`/images/art/news/{slug}/cover-1200.jpg`): a component then offers AVIF and WebP too. Any
 * other path (an image from before the manifest) has no rendition set: `undefined`.
 */
export function newsArtOfCover(cover: string): Art<NewsCrop> | undefined {
  const slug = newsCoverPattern.exec(cover)?.[1];
  const art = lookUp<Art<NewsCrop>>(newsArtBySlug, slug);
  return art?.crops.cover.widths.some((width) => renditionPath(art, "cover", width, "jpg") === cover)
    ? art
    : undefined;
}

/** Every illustration, for the rendering script and the tests. */
export const allArt: Art[] = [
  ...Object.values(gameArtBySlug),
  ...Object.values(officeArtBySlug),
  ...Object.values(pageArtByKey),
  ...Object.values(newsArtBySlug),
];

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
