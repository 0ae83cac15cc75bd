import "./art.css";
import { useTranslation } from "~/platform/i18n/use-translation";
import { type Art, pictureData } from "./art";

export type ArtPictureProps<C extends string> = {
  art: Art<C>;
  crop: C;
  /** The class of the <img>: the picture itself takes no box (display: contents). */
  className?: string;
  /** The width the picture is shown at, when it differs from the crop's usual `sizes`. */
  sizes?: string;
  /** The one hero above the fold: loaded at once and fetched first. */
  priority?: boolean;
  /** Loaded at once at the normal priority (a list's first row); lazy otherwise. */
  eager?: boolean;
};

/**
 * One crop of a piece of art (app/ui/art/art.ts) as a <picture>: AVIF and WebP sources, a JPEG
 * <img> sized from the largest rendition and cropped by CSS at the crop's focal point. No
 * JavaScript: the browser picks the format and width.
 */
export function ArtPicture<C extends string>({
  art,
  crop,
  className,
  sizes,
  priority,
  eager,
}: ArtPictureProps<C>) {
  const { t } = useTranslation();
  const { sources, img } = pictureData(art, crop, { sizes, priority, eager });
  const { altKey, ...attributes } = img;
  return (
    <picture className="art-picture">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img {...attributes} alt={altKey ? t(altKey) : ""} className={className} />
    </picture>
  );
}
