import type { PressFile } from "./press-types";

/**
 * What an <img> of a kit's image needs to stay sharp wherever it is drawn: its 480 px thumbnail
 * for the grid's usual width and, as the larger candidate, the file itself (1200–1920 px, the
 * size journalists download), so a wide cell or an archived kit's header picture is not a
 * thumbnail stretched 2–3 times. A vector logo needs neither: its thumbnail is all there is.
 */
export function pressImageSources(file: PressFile): { src: string; srcSet?: string; sizes?: string } {
  const { thumbnail } = file;
  if (file.format === "SVG" || file.width <= thumbnail.width) return { src: thumbnail.url };
  return {
    src: thumbnail.url,
    srcSet: `${thumbnail.url} ${thumbnail.width}w, ${file.url} ${file.width}w`,
    sizes: "100vw",
  };
}

/**
 * A video's or the trailer's poster (its image's thumbnail, as the kit names it) with that image's
 * file as the larger candidate; the poster as it is when the image is not in `images`.
 */
export function pressPoster<P extends PressFile["thumbnail"]>(
  poster: P,
  images: readonly PressFile[],
): P & { srcSet?: string; sizes?: string } {
  const image = images.find((file) => file.thumbnail.url === poster.url);
  const { srcSet, sizes } = image ? pressImageSources(image) : {};
  return { ...poster, ...(srcSet ? { srcSet, sizes } : {}) };
}
