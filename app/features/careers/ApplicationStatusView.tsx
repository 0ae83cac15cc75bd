import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { StatusViewProps } from "~/platform/status/view";
import { ConfirmAction } from "~/ui/dialog/ConfirmAction";
import type { ProgressStep } from "~/ui/page-kit/ProgressSteps";
import { StatusNowCard, StatusProgress } from "~/ui/page-kit/StatusCards";
import {
  type ApplicationStage,
  applicationStageTitleKey,
  isHiringStep,
  recruitmentSteps,
  stepsOfRole,
} from "./application-stages";

/** What the status page shows of an application; dates already in the visitor's language. */
export type ApplicationStatusData = {
  jobTitle: string;
  jobOfferId: number | null;
  stage: ApplicationStage;
  /** Whether the role's process has the skills interview or assessment. */
  skillsStep: boolean;
  sentOn: string;
  changedOn: string;
  /** The day each stage was reached, by stage. */
  reachedOn: Partial<Record<ApplicationStage, string>>;
};

function progress(
  data: ApplicationStatusData,
  t: (key: string, values?: Record<string, string>) => string,
): ProgressStep[] {
  const reachedIndexes = recruitmentSteps
    .map((step, index) => (data.reachedOn[step] ? index : -1))
    .filter((index) => index >= 0);
  const furthest = Math.max(0, ...reachedIndexes);
  const active = isHiringStep(data.stage);
  const ofRole = stepsOfRole(data);
  return recruitmentSteps.map((step, index) => {
    const title = t(`process.steps.${step}.title`);
    const on = data.reachedOn[step];
    // Still listed, so the page keeps the careers page's six steps, and said in words. A step
    // reached before the offer dropped it stays as it happened.
    if (!ofRole.includes(step) && !on && step !== data.stage) {
      return { key: step, title, state: "skipped", note: t("status.stepNotInRole") };
    }
    if (active && step === data.stage) {
      return { key: step, title, state: "current", note: t("status.stepCurrent", { date: data.changedOn }) };
    }
    if (index < furthest || (!active && index === furthest)) {
      return on
        ? { key: step, title, state: "done", note: t("status.stepDone", { date: on }) }
        : { key: step, title, state: "skipped", note: t("status.stepSkipped") };
    }
    return { key: step, title, state: active ? "upcoming" : "skipped", note: t("status.stepUpcoming") };
  });
}

/**
 * An application's status page body: the six steps with the current one marked, what happens
 * next, or how it ended; and withdrawing, which asks first (a page without JavaScript).
 */
export function ApplicationStatusView({
  data,
  pageUrl: pageHref,
  asking,
}: StatusViewProps<ApplicationStatusData>) {
  // This page asking to confirm the withdrawal (no JavaScript).
  const withdrawHref = `${pageHref}?withdraw=1`;
  const askingWithdraw = asking.includes("withdraw");
  const { t } = useTranslation("careers");
  const localize = useLocalizePath();
  const active = isHiringStep(data.stage);
  return (
    <>
      <p className="status-page__meta">{t("status.sentOn", { date: data.sentOn })}</p>
      <div className="status-page__grid">
        <StatusProgress label={t("status.stepsLabel")} steps={progress(data, t)} />
        <div className="status-page__side">
          {isHiringStep(data.stage) ? (
            <StatusNowCard
              eyebrow={t("status.now")}
              title={t(applicationStageTitleKey(data.stage))}
              titleId="status-next-title"
              ended={false}
            >
              <p>
                <strong>{t("status.nextTitle")}: </strong>
                {t(`status.next.${data.stage}`)}
              </p>
            </StatusNowCard>
          ) : (
            <section className="status-card status-card--ended" aria-labelledby="status-ended-title">
              <h2 id="status-ended-title" className="status-card__title">
                {t(applicationStageTitleKey(data.stage))}
              </h2>
              <p>{t(`status.ended.${data.stage}.body`, { date: data.changedOn })}</p>
              <p>
                <SiteLink className="button" to={localize("/careers")}>
                  {t("status.browse")}
                </SiteLink>
              </p>
            </section>
          )}
          {active ? (
            <section className="status-card" aria-labelledby="status-withdraw-title">
              <h2 id="status-withdraw-title" className="status-card__title">
                {t("status.withdraw.title")}
              </h2>
              <p>{t("status.withdraw.body")}</p>
              <ConfirmAction
                label={t("status.withdraw.button")}
                className="button"
                askHref={withdrawHref}
                cancelHref={pageHref}
                asking={askingWithdraw}
                title={t("status.withdraw.confirmTitle")}
                description={t("status.withdraw.confirmBody")}
                fields={{ intent: "withdraw" }}
                confirmLabel={t("status.withdraw.confirm")}
                cancelLabel={t("status.withdraw.cancel")}
              />
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
