import { preload } from "react-dom";
import { useTranslation } from "~/platform/i18n/use-translation";
import { type Art, pictureData } from "./art";

export type ArtPictureProps<C extends string> = {
  art: Art<C>;
  crop: C;
  /** The class of the <img>: the picture itself takes no box (display: contents). */
  className?: string;
  /** The width the picture is shown at, when it differs from the crop's usual `sizes`. */
  sizes?: string;
  /** The one hero above the fold: preloaded from the top of the head, loaded at once, fetched first. */
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
  // The hero above the fold is most pages' largest paint. React writes a high-priority image
  // preload at the top of the head, before the stylesheets and the ~30 modulepreloads: the
  // download starts with the document, not once the parser reaches the <picture>. AVIF is the
  // format every browser the site supports picks (the srcset chooses the width; no `href` is
  // written).
  const avif = sources.find((source) => source.type === "image/avif");
  if (priority && avif)
    preload(img.src, {
      as: "image",
      type: avif.type,
      imageSrcSet: avif.srcSet,
      imageSizes: avif.sizes,
      fetchPriority: "high",
    });
  return (
    <picture className="art-picture">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img {...attributes} alt={altKey ? t(altKey) : ""} className={className} />
    </picture>
  );
}
