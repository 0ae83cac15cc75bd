import type { Config } from "~/platform/config.server";
import { type Language, localizePath } from "~/platform/i18n/languages";
import { defineEmailTemplate } from "~/platform/mail/templates.server";

/** The private page where an owner confirms and manages alerts. */
export function manageUrl(config: Pick<Config, "publicUrl">, lang: Language, id: string, token: string) {
  return `${config.publicUrl}${localizePath("/alerts/manage", lang)}/${id}/${token}`;
}

/** RFC 8058 one-click target: a POST here stops the alert, no cookie or form token needed. */
export function oneClickUrl(config: Pick<Config, "publicUrl">, id: string, token: string) {
  return `${config.publicUrl}/api/open/office-job-subscriptions/${id}/${token}/unsubscribe`;
}

export type AlertCriteriaLines = Array<{ label: string; value: string }>;

/** After creation: the management link, whose page confirms the address with a button. */
export const alertCreatedEmail = defineEmailTemplate(
  "alert-created",
  (p: { name: string; criteria: AlertCriteriaLines; manageUrl: string }, { t }) => ({
    subject: t("mail:alerts.created.subject"),
    heading: t("mail:alerts.created.heading", { name: p.name }),
    paragraphs: [t("mail:alerts.created.confirm"), t("mail:alerts.created.keep")],
    details: p.criteria,
    action: { label: t("mail:alerts.created.action"), url: p.manageUrl },
    reason: t("mail:alerts.created.reason"),
  }),
);

/** New matching jobs for one alert, all in one e-mail. */
export const alertJobsEmail = defineEmailTemplate(
  "alert-jobs",
  (
    p: {
      name: string;
      jobs: Array<{ title: string; office: string; url: string }>;
      manageUrl: string;
      stopUrl: string;
    },
    { t },
  ) => ({
    subject: t("mail:alerts.jobs.subject", { count: p.jobs.length, name: p.name }),
    heading: t("mail:alerts.jobs.heading", { count: p.jobs.length }),
    paragraphs: [
      t("mail:alerts.jobs.intro", { name: p.name }),
      t("mail:alerts.jobs.unsubscribe", { url: p.stopUrl }),
    ],
    details: p.jobs.map((job) => ({ label: `${job.title} (${job.office})`, value: job.url })),
    action: { label: t("mail:alerts.jobs.action"), url: p.manageUrl },
    reason: t("mail:alerts.jobs.reason"),
  }),
);
