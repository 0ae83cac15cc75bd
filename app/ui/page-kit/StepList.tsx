export type Step = { key: string; title: string; body: string };

/** A numbered process (hiring, playtesting, alerts): an ordered list, numbered for the eye too. */
export function StepList({ steps }: { steps: Step[] }) {
  return (
    <ol className="steps">
      {steps.map((step, index) => (
        <li key={step.key} className="steps__item">
          <span className="steps__number" aria-hidden="true">
            {String(index + 1).padStart(2, "0")}
          </span>
          <h3 className="steps__title">{step.title}</h3>
          <p className="steps__body">{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
