import { useTranslation } from "~/platform/i18n/use-translation";
import { type ProgressStep, ProgressSteps } from "~/ui/page-kit/ProgressSteps";

/** What the status page shows of a contact message; dates already in the visitor's language. */
export type ContactStatusData = {
  subject: string;
  category: string;
  status: "received" | "answered";
  sentOn: string;
  answeredOn: string | null;
};

/**
 * A contact message's status page body: its topic and date, received or answered, and what to
 * expect (the contact page's own promise: an answer within two working days).
 */
export function ContactStatusView({ data }: { data: ContactStatusData }) {
  const { t } = useTranslation("contact");
  const answered = data.status === "answered";
  const steps: ProgressStep[] = [
    {
      key: "received",
      title: t("status.steps.received"),
      state: answered ? "done" : "current",
      note: t(answered ? "status.stepDone" : "status.stepCurrent", { date: data.sentOn }),
    },
    {
      key: "answered",
      title: t("status.steps.answered"),
      state: answered ? "current" : "upcoming",
      note: answered ? t("status.stepDoneOn", { date: data.answeredOn ?? "" }) : t("status.stepUpcoming"),
    },
  ];
  return (
    <>
      <dl className="status-page__facts">
        <div>
          <dt>{t("status.topic")}</dt>
          <dd>{t(`form.categories.${data.category}`)}</dd>
        </div>
        <div>
          <dt>{t("status.sent")}</dt>
          <dd>{data.sentOn}</dd>
        </div>
      </dl>
      <div className="status-page__grid">
        <section className="status-page__progress" aria-labelledby="status-steps-title">
          <h2 id="status-steps-title" className="status-page__subtitle">
            {t("status.stepsLabel")}
          </h2>
          <ProgressSteps label={t("status.stepsLabel")} steps={steps} />
        </section>
        <div className="status-page__side">
          <section
            className={`status-card ${answered ? "status-card--ended" : "status-card--next"}`}
            aria-labelledby="status-now-title"
          >
            <p className="eyebrow">{t("status.now")}</p>
            <h2 id="status-now-title" className="status-card__title">
              {t(`status.${data.status}.title`)}
            </h2>
            <p>{t(`status.${data.status}.body`, { date: data.answeredOn ?? "" })}</p>
          </section>
        </div>
      </div>
    </>
  );
}
