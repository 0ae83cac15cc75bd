import "./playtest.css";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { SiteLink } from "~/platform/http/prefetch";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Dialog } from "~/ui/dialog/Dialog";
import { RequiredMark } from "~/ui/forms/Field";
import { useHydrated } from "~/ui/use-hydrated";
import {
  type AnswerProblem,
  answersFromForm,
  type SurveyQuestionView,
  type SurveyView,
  stepProblems,
} from "./survey-definition";

type Problems = Record<string, AnswerProblem["code"]>;
type Values = Record<string, unknown>;

/**
 * The survey after sign-up (docs/requirements.md#playtesting): one step at a time with next, back,
 * close and submit, progress shown, answers kept when going back (every step stays in the form,
 * only hidden), closing asks before losing answers. Without JavaScript every step shows at once and
 * the form posts to the server, which answers the same errors.
 */
export function SurveyFlow({
  survey,
  token,
  closeHref,
  serverProblems,
  values,
}: {
  survey: SurveyView;
  token: string;
  closeHref: string;
  serverProblems?: Problems;
  values?: Values;
}) {
  const { t } = useTranslation("playtesting");
  const enhanced = useHydrated();
  const [step, setStep] = useState(0);
  const [problems, setProblems] = useState<Problems>(serverProblems ?? {});
  const [closing, setClosing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const busy = useNavigation().state === "submitting";
  const total = survey.steps.length;
  const last = step === total - 1;

  useEffect(() => setProblems(serverProblems ?? {}), [serverProblems]);

  const current = () =>
    answersFromForm(
      survey.steps.flatMap((s) => s.questions),
      new FormData(formRef.current!),
    );

  /** Checks some steps; shows their problems and focuses the first; true when all is well. */
  function check(indexes: number[]): boolean {
    const answers = current();
    for (const index of indexes) {
      const found = stepProblems(survey.steps[index]!.questions, answers);
      const ids = Object.keys(found);
      if (ids.length > 0) {
        setProblems(found);
        if (index !== step) setStep(index);
        requestAnimationFrame(() => {
          formRef.current
            ?.querySelector<HTMLElement>(
              `[data-question="${ids[0]}"] input, [data-question="${ids[0]}"] textarea`,
            )
            ?.focus();
        });
        return false;
      }
    }
    setProblems({});
    return true;
  }

  function go(to: number) {
    if (to > step && !check([step])) return;
    setProblems({});
    setStep(to);
    // The new step's title takes focus so screen readers announce it.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!check(survey.steps.map((_, i) => i))) event.preventDefault();
  }

  /** Any answer given yet (then closing asks first). */
  function hasAnswers(): boolean {
    return formRef.current ? Object.keys(current()).length > 0 : false;
  }

  return (
    <div className="survey">
      <header className="survey__header">
        <h1 className="survey__title">{survey.title}</h1>
        <p>{survey.intro}</p>
        {enhanced ? (
          <div className="survey__progress">
            <span id="survey-progress-label">{t("survey.progress", { current: step + 1, total })}</span>
            <progress max={total} value={step + 1} aria-labelledby="survey-progress-label" />
          </div>
        ) : null}
      </header>
      <Form method="post" ref={formRef} onSubmit={onSubmit} noValidate className="survey__form">
        <input type="hidden" name="token" value={token} />
        {survey.steps.map((s, index) => (
          <section
            key={s.id}
            className="survey__step"
            hidden={enhanced && index !== step}
            aria-labelledby={`survey-step-${s.id}`}
          >
            <h2 id={`survey-step-${s.id}`} ref={index === step ? headingRef : undefined} tabIndex={-1}>
              {s.title}
            </h2>
            {s.questions.map((q) => (
              <Question key={q.id} question={q} problem={problems[q.id]} value={values?.[q.id]} />
            ))}
          </section>
        ))}
        <div className="survey__actions">
          {enhanced ? (
            <>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => (hasAnswers() ? setClosing(true) : window.location.assign(closeHref))}
              >
                {t("survey.close")}
              </button>
              {step > 0 ? (
                <button type="button" className="button" onClick={() => go(step - 1)}>
                  {t("survey.back")}
                </button>
              ) : null}
              {last ? null : (
                <button type="button" className="button button--primary" onClick={() => go(step + 1)}>
                  {t("survey.next")}
                </button>
              )}
            </>
          ) : (
            <SiteLink to={closeHref} className="button button--ghost">
              {t("survey.close")}
            </SiteLink>
          )}
          {!enhanced || last ? (
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("survey.submit")}
            </button>
          ) : null}
        </div>
      </Form>
      <Dialog
        open={closing}
        onClose={() => setClosing(false)}
        title={t("survey.closeTitle")}
        description={t("survey.closeBody")}
        size="small"
        actions={
          <>
            <button type="button" className="button button--ghost" onClick={() => setClosing(false)}>
              {t("survey.keepAnswering")}
            </button>
            <SiteLink to={closeHref} className="button button--primary">
              {t("survey.leave")}
            </SiteLink>
          </>
        }
      />
    </div>
  );
}

function Question({
  question: q,
  problem,
  value,
}: {
  question: SurveyQuestionView;
  problem?: AnswerProblem["code"];
  value?: unknown;
}) {
  const { t } = useTranslation("playtesting");
  const base = `survey-${q.id}`;
  const errorId = `${base}-error`;
  const hintId = `${base}-hint`;
  const invalid = problem !== undefined;
  const describedBy = [q.help ? hintId : "", invalid ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const label = (
    <>
      {q.label}
      {q.required ? <RequiredMark /> : <span className="survey__optional"> {t("survey.optional")}</span>}
    </>
  );
  const hint = q.help ? (
    <p className="field__hint" id={hintId}>
      {q.help}
    </p>
  ) : null;
  const error = (
    <div className="field__error" id={errorId}>
      {problem ? <p>{t(`survey.errors.${problem}`, { max: q.maxLength })}</p> : null}
    </div>
  );
  const name = `q.${q.id}`;

  if (q.type === "text") {
    return (
      <div className={`field field--textarea${invalid ? " field--invalid" : ""}`} data-question={q.id}>
        <label className="field__label" htmlFor={base}>
          {label}
        </label>
        {hint}
        <textarea
          id={base}
          name={name}
          className="field__control"
          rows={4}
          maxLength={q.maxLength}
          defaultValue={typeof value === "string" ? value : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          required={q.required}
        />
        {error}
      </div>
    );
  }

  const multiple = q.type === "multiple" || q.type === "games";
  const options: Array<{ id: string; label: string; icon?: string }> =
    q.type === "scale"
      ? Array.from({ length: q.max! - q.min! + 1 }, (_, i) => {
          const n = q.min! + i;
          const extreme = n === q.min ? q.minLabel : n === q.max ? q.maxLabel : undefined;
          return { id: String(n), label: extreme ? `${n} – ${extreme}` : String(n) };
        })
      : (q.options ?? []);
  const chosen = (id: string) =>
    Array.isArray(value) ? value.includes(id) : value !== undefined && String(value) === id;
  return (
    <fieldset
      className={`field field--choices${invalid ? " field--invalid" : ""} survey__question--${q.type}`}
      data-question={q.id}
      aria-describedby={describedBy}
    >
      <legend className="field__label">{label}</legend>
      {hint}
      <div className={q.type === "scale" ? "choice-list choice-list--inline" : "choice-list"}>
        {options.map((o, index) => {
          const id = `${base}-${index}`;
          return (
            <div className="choice" key={o.id}>
              <input
                type={multiple ? "checkbox" : "radio"}
                id={id}
                name={name}
                value={o.id}
                defaultChecked={chosen(o.id)}
                aria-invalid={invalid || undefined}
                className={`choice__control choice__control--${multiple ? "checkbox" : "radio"}`}
              />
              <label htmlFor={id} className="choice__label">
                {o.icon ? (
                  <img src={o.icon} alt="" width={32} height={40} className="survey__game-icon" />
                ) : null}
                {o.label}
              </label>
            </div>
          );
        })}
      </div>
      {error}
    </fieldset>
  );
}
