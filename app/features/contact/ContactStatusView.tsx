import { useTranslation } from "~/platform/i18n/use-translation";
import type { StatusViewProps } from "~/platform/status/view";
import type { ProgressStep } from "~/ui/page-kit/ProgressSteps";
import { StatusNowCard, StatusProgress } from "~/ui/page-kit/StatusCards";

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
export function ContactStatusView({ data }: StatusViewProps<ContactStatusData>) {
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
        <StatusProgress label={t("status.stepsLabel")} steps={steps} />
        <div className="status-page__side">
          <StatusNowCard
            eyebrow={t("status.now")}
            title={t(`status.${data.status}.title`)}
            titleId="status-now-title"
            ended={answered}
          >
            <p>{t(`status.${data.status}.body`, { date: data.answeredOn ?? "" })}</p>
          </StatusNowCard>
        </div>
      </div>
    </>
  );
}
