import { type ReactNode, useId } from "react";

type Props = {
  /** Anchor for in-page links (e.g. "js-careers", "games"). */
  id?: string;
  /** A short eyebrow above the heading. */
  label?: string;
  title: string;
  /** Introductory copy under the heading: a string becomes a paragraph. */
  intro?: ReactNode;
  /** Surface: the page background, a raised band, or an accent band that stands out. */
  tone?: "plain" | "raised" | "accent";
  /** Text-heavy sections read better in a narrower column. */
  width?: "wide" | "narrow";
  children?: ReactNode;
};

/** A titled section of a page: the landmark is named by its heading for screen readers. */
export function Section({ id, label, title, intro, tone = "plain", width = "wide", children }: Props) {
  const headingId = useId();
  return (
    <section
      className={`page-section page-section--${tone}${width === "narrow" ? " page-section--narrow" : ""}`}
      id={id}
      aria-labelledby={headingId}
    >
      <div className="container">
        <header className="section-heading">
          {label ? <p className="eyebrow">{label}</p> : null}
          <h2 id={headingId} className="section-heading__title">
            {title}
          </h2>
          {typeof intro === "string" ? <p className="section-heading__intro">{intro}</p> : intro}
        </header>
        {children}
      </div>
    </section>
  );
}
