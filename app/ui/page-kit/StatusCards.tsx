import type { ReactNode } from "react";
import { type ProgressStep, ProgressSteps } from "./ProgressSteps";

/**
 * The parts every status page lays out the same way (docs/requirements.md's status pages): the
 * steps column and the card that says where the submission stands now. The words come from
 * the feature's own texts.
 */

/** The steps column: its title (also the list's name), the steps, then what a view adds. */
export function StatusProgress({
  label,
  steps,
  children,
}: {
  label: string;
  steps: ProgressStep[];
  children?: ReactNode;
}) {
  return (
    <section className="status-page__progress" aria-labelledby="status-steps-title">
      <h2 id="status-steps-title" className="status-page__subtitle">
        {label}
      </h2>
      <ProgressSteps label={label} steps={steps} />
      {children}
    </section>
  );
}

/** "Now": the state's title under the eyebrow, its card marked ended or with a next step. */
export function StatusNowCard({
  eyebrow,
  title,
  titleId,
  ended,
  stage,
  children,
}: {
  eyebrow: string;
  title: string;
  /** The title's id, which names the card. */
  titleId: string;
  ended: boolean;
  /** Written on the title as `data-stage` (the playtest views' tests read it). */
  stage?: string;
  children?: ReactNode;
}) {
  return (
    <section
      className={`status-card ${ended ? "status-card--ended" : "status-card--next"}`}
      aria-labelledby={titleId}
    >
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={titleId} className="status-card__title" data-stage={stage}>
        {title}
      </h2>
      {children}
    </section>
  );
}
