import { useTranslation } from "~/platform/i18n/use-translation";
import type { StatusViewProps } from "~/platform/status/view";
import { ConfirmAction } from "~/ui/dialog/ConfirmAction";
import type { ProgressStep } from "~/ui/page-kit/ProgressSteps";
import { RichText } from "~/ui/page-kit/RichText";
import { StatusNowCard, StatusProgress } from "~/ui/page-kit/StatusCards";
import {
  currentStep,
  isClosedStage,
  type PlaytestStage,
  type PlaytestStep,
  playtestSteps,
} from "./playtest-stages";
import type { PlaytestSessionKind } from "./tables";

/** What the status page shows of a playtest sign-up; dates and places already in the tester's language. */
export type PlaytestStatusData = {
  stage: PlaytestStage;
  location: string;
  sentOn: string;
  changedOn: string;
  /** The day each of the five steps was reached. */
  reachedOn: Partial<Record<PlaytestStep, string>>;
  /** Every stage reached, oldest first. */
  history: Array<{ stage: PlaytestStage; on: string; at: string }>;
  session: {
    title: string;
    kind: PlaytestSessionKind;
    when: string | null;
    where: string;
    hasCalendar: boolean;
  } | null;
  /** The NDA to read and sign (once the tester holds a seat). */
  nda: { title: string; version: number; html: string } | null;
  /** The NDA as signed: its version, the day and the name typed. */
  signedNda: { version: number; on: string; name: string } | null;
  canConfirm: boolean;
  canDecline: boolean;
};

function progress(data: PlaytestStatusData, t: (key: string, values?: Record<string, string>) => string) {
  const now = currentStep(data.stage);
  const nowIndex = now ? playtestSteps.indexOf(now) : -1;
  return playtestSteps.map((step, index): ProgressStep => {
    const title = t(`how.steps.${step}.title`);
    const on = data.reachedOn[step];
    if (on && (nowIndex < 0 || index < nowIndex)) {
      return { key: step, title, state: "done", note: t("status.stepDone", { date: on }) };
    }
    if (index === nowIndex) {
      return { key: step, title, state: "current", note: t("status.stepCurrent", { date: data.changedOn }) };
    }
    if (nowIndex >= 0 && index < nowIndex) {
      return { key: step, title, state: "skipped", note: t("status.stepSkipped") };
    }
    return {
      key: step,
      title,
      state: isClosedStage(data.stage) ? "skipped" : "upcoming",
      note: t("status.stepUpcoming"),
    };
  });
}

/**
 * A playtest sign-up's status page body: the five steps, where it stands now (with the session's
 * date, time and address once invited, and its calendar file), confirming a seat and "I can't
 * make it" (asks first), as plain forms that work without JavaScript.
 */
export function PlaytestStatusView({ data, pageUrl: pageHref, asking }: StatusViewProps<PlaytestStatusData>) {
  const askingDecline = asking.includes("decline");
  const { t } = useTranslation("playtesting");
  return (
    <>
      <p className="status-page__meta">{t("status.sentOn", { date: data.sentOn })}</p>
      <div className="status-page__grid">
        <StatusProgress label={t("status.stepsLabel")} steps={progress(data, t)}>
          <h3 className="status-page__subtitle">{t("status.historyTitle")}</h3>
          <ol className="status-history">
            {data.history.map((h) => (
              <li key={`${h.stage}-${h.at}`}>
                <time dateTime={h.at}>{h.on}</time> — {t(`status.stages.${h.stage}.title`)}
              </li>
            ))}
          </ol>
        </StatusProgress>
        <div className="status-page__side">
          <StatusNowCard
            eyebrow={t("status.now")}
            title={t(`status.stages.${data.stage}.title`)}
            titleId="status-next-title"
            ended={isClosedStage(data.stage)}
            stage={data.stage}
          >
            <p>{t(`status.stages.${data.stage}.body`, { session: data.session?.title ?? "" })}</p>
          </StatusNowCard>
          {data.session ? (
            <section className="status-card" aria-labelledby="status-session-title">
              <h2 id="status-session-title" className="status-card__title">
                {data.session.title}
              </h2>
              <dl className="status-page__facts">
                {data.session.when ? (
                  <>
                    <dt>{t("invite.when")}</dt>
                    <dd>{data.session.when}</dd>
                  </>
                ) : null}
                <dt>{t("invite.where")}</dt>
                <dd>{data.session.where}</dd>
              </dl>
              {data.session.hasCalendar ? (
                <p>
                  <a className="button" href={`${pageHref}/session.ics`} download="session.ics">
                    {t("status.calendar")}
                  </a>
                </p>
              ) : null}
            </section>
          ) : null}
          {data.signedNda ? (
            <section className="status-card" aria-labelledby="status-nda-signed-title">
              <h2 id="status-nda-signed-title" className="status-card__title">
                {t("status.nda.signedTitle")}
              </h2>
              <p>
                {t("status.nda.signedBody", { ...data.signedNda, version: String(data.signedNda.version) })}
              </p>
            </section>
          ) : null}
          {data.canConfirm || data.canDecline ? (
            <section className="status-card" aria-labelledby="status-answer-title">
              <h2 id="status-answer-title" className="status-card__title">
                {t("status.answer.title")}
              </h2>
              {data.canConfirm ? (
                <form method="post" action={pageHref}>
                  <input type="hidden" name="intent" value="confirm" />
                  <p>{t("status.answer.confirmBody")}</p>
                  <button type="submit" className="button button--primary">
                    {t("status.answer.confirm")}
                  </button>
                </form>
              ) : null}
              {data.canDecline ? (
                <>
                  <p>{t("status.answer.declineBody")}</p>
                  <ConfirmAction
                    label={t("status.answer.decline")}
                    className="button"
                    askHref={`${pageHref}?decline=1`}
                    cancelHref={pageHref}
                    asking={askingDecline}
                    title={t("status.answer.declineTitle")}
                    description={t("status.answer.declineConfirmBody")}
                    fields={{ intent: "decline" }}
                    confirmLabel={t("status.answer.declineConfirm")}
                    cancelLabel={t("status.answer.keep")}
                  />
                </>
              ) : null}
            </section>
          ) : null}
        </div>
      </div>
      {data.nda ? (
        <section className="status-card status-nda" aria-labelledby="status-nda-title">
          <h2 id="status-nda-title" className="status-card__title">
            {data.nda.title}
          </h2>
          <p className="status-page__meta">
            {t("status.nda.version", { version: String(data.nda.version) })}
          </p>
          <RichText html={data.nda.html} className="status-nda__text" />
          <form method="post" action={pageHref} className="status-nda__form">
            <input type="hidden" name="intent" value="sign" />
            <input type="hidden" name="version" value={data.nda.version} />
            <div className="field">
              <label className="field__label" htmlFor="nda-full-name">
                {t("status.nda.nameLabel")}
              </label>
              <p id="nda-full-name-hint" className="field__hint">
                {t("status.nda.nameHint")}
              </p>
              <input
                id="nda-full-name"
                className="field__control"
                name="fullName"
                type="text"
                autoComplete="name"
                required
                maxLength={200}
                aria-describedby="nda-full-name-hint"
              />
            </div>
            <p>
              <button type="submit" className="button button--primary">
                {t("status.nda.sign")}
              </button>
            </p>
          </form>
        </section>
      ) : null}
    </>
  );
}
