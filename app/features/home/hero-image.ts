import { preload } from "react-dom";

/**
 * The home hero's key art as raster renditions (made from `hero.svg` by
 * `scripts/hero-images.ts`, committed under public/): the browser picks a width from `sizes`
 * and the first format it decodes. Shared by the <picture> and the page's preload link so both
 * ask for the same file and the preload is never wasted.
 */
export const heroArt = {
  base: "/images/pages/home/hero",
  width: 1600,
  height: 900,
  widths: [640, 960, 1280, 1600, 1920] as const,
  formats: ["avif", "webp", "jpg"] as const,
  /**
   * The art covers the hero (object-fit: cover, 16:9): on a tall phone its height, up to the
   * hero's min(88vh, 52rem), sets the width drawn, not the viewport's width.
   */
  sizes: "max(100vw, min(156vh, 1480px))",
};

export type HeroFormat = (typeof heroArt.formats)[number];

export function heroFile(width: number, format: HeroFormat): string {
  return `${heroArt.base}-${width}.${format}`;
}

export function heroSrcSet(format: HeroFormat): string {
  return heroArt.widths.map((w) => `${heroFile(w, format)} ${w}w`).join(", ");
}

/**
 * Preloads the AVIF rendition (every browser the site supports decodes AVIF) while the hero
 * renders. Called during render rather than declared in the route's `links()`: React writes a
 * high-priority image preload at the top of the <head>, before the stylesheets and the
 * modulepreloads, so the download starts with the document; a <link> of `links()` (no `href`:
 * the srcset chooses) stays below all of them.
 */
export function preloadHero() {
  preload(heroFile(heroArt.width, "avif"), {
    as: "image",
    type: "image/avif",
    imageSrcSet: heroSrcSet("avif"),
    imageSizes: heroArt.sizes,
    fetchPriority: "high",
  });
}
