import type { MouseEvent, ReactNode } from "react";
import { ArtPicture } from "~/ui/art/ArtPicture";
import { type Art, type PageArtKey, pageArtByKey } from "~/ui/art/art";
import { scrollToElement, smoothScrollDurationMs } from "./scroll-to-element";

export type PageHeaderProps = {
  /** A short eyebrow above the title, e.g. the section's name. */
  label?: string;
  title: string;
  /** Introductory copy: a string becomes a paragraph; elements render as given. */
  content?: ReactNode;
  /**
   * An in-page call to action that scrolls smoothly (1000 ms,
   * docs/requirements.md#navigation-and-layout) to `targetId`.
   */
  button?: { label: string; targetId: string };
  /**
   * Decorative art (app/ui/art/art.ts): beside the text from 970 px, a cropped band above it on
   * narrower screens (at the crop's focal point). It is above the fold either way, so it is
   * loaded at once and fetched first.
   */
  art?: HeaderArt;
};

/** A piece of art and the crop a header shows: a page's `wide`, a game's `hero`, an office's `wide`. */
export type HeaderArt = { art: Art; crop: string };

/** A page's own scene (the careers, contact, support… headers). */
export function pageHeaderArt(key: PageArtKey): HeaderArt {
  return { art: pageArtByKey[key], crop: "wide" };
}

/** Beside the text, the art's column is a little under half the width; alone, the whole width. */
const headerArtSizes = "(min-width: 970px) 45vw, 100vw";

/**
 * The page header piece (docs/requirements.md#navigation-and-layout): label, title, content and an
 * optional scroll button.
 */
export function PageHeader({ label, title, content, button, art }: PageHeaderProps) {
  const onButtonClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Without JavaScript the link still jumps to the section; with it, the jump is animated.
    if (!button || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    void scrollToElement(button.targetId, smoothScrollDurationMs);
  };
  return (
    <header className={art ? "page-header page-header--with-art" : "page-header"}>
      <div className="page-header__inner container">
        <div className="page-header__text">
          {label ? <p className="eyebrow page-header__label">{label}</p> : null}
          <h1 className="page-header__title">{title}</h1>
          {typeof content === "string" ? (
            <p className="page-header__content">{content}</p>
          ) : content ? (
            <div className="page-header__content">{content}</div>
          ) : null}
          {button ? (
            <p className="page-header__actions">
              <a className="button button--primary" href={`#${button.targetId}`} onClick={onButtonClick}>
                {button.label}
                <svg className="button__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                  <path d="M10 3v13m0 0-5-5m5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
              </a>
            </p>
          ) : null}
        </div>
        {art ? (
          <ArtPicture
            art={art.art}
            crop={art.crop}
            className="page-header__art"
            sizes={headerArtSizes}
            priority
          />
        ) : null}
      </div>
    </header>
  );
}
