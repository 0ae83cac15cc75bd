import type { MouseEvent, ReactNode } from "react";
import { scrollToElement, smoothScrollDurationMs } from "./scroll-to-element";

export type PageHeaderProps = {
  /** A short eyebrow above the title, e.g. the section's name. */
  label?: string;
  title: string;
  /** Introductory copy: a string becomes a paragraph; elements render as given. */
  content?: ReactNode;
  /** An in-page call to action that scrolls smoothly (1000 ms, SPEC §2) to `targetId`. */
  button?: { label: string; targetId: string };
  /** Decorative art shown beside the text on wide screens (an SVG under public/). */
  image?: string;
};

/** The page header piece (SPEC §2): label, title, content and an optional scroll button. */
export function PageHeader({ label, title, content, button, image }: PageHeaderProps) {
  const onButtonClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Without JavaScript the link still jumps to the section; with it, the jump is animated.
    if (!button || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    void scrollToElement(button.targetId, smoothScrollDurationMs);
  };
  return (
    <header className={image ? "page-header page-header--with-art" : "page-header"}>
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
        {image ? <img className="page-header__art" src={image} alt="" width="560" height="420" /> : null}
      </div>
    </header>
  );
}
