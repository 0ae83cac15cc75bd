export type ProgressStepState = "done" | "current" | "upcoming" | "skipped";
export type ProgressStep = {
  key: string;
  title: string;
  state: ProgressStepState;
  /** What the state means for this step ("Done on 3 May 2027", "To come"): read, not only seen. */
  note: string;
};

/**
 * Where something stands in a process (an application, a playtest sign-up): an ordered list
 * whose current step carries `aria-current="step"`. Each step says its state in words, so
 * colour and the marks are never the only sign.
 */
export function ProgressSteps({ label, steps }: { label: string; steps: ProgressStep[] }) {
  return (
    <ol className="progress" aria-label={label}>
      {steps.map((step, index) => (
        <li
          key={step.key}
          className={`progress__step progress__step--${step.state}`}
          aria-current={step.state === "current" ? "step" : undefined}
        >
          <span className="progress__mark" aria-hidden="true">
            {step.state === "done" ? "✓" : step.state === "skipped" ? "–" : String(index + 1)}
          </span>
          <span className="progress__text">
            <span className="progress__title">{step.title}</span>
            <span className="progress__note">{step.note}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
