import { z } from "zod";
import { defineStatusAction, defineStatusSource, statusDay } from "~/platform/status/source.server";
import type { ApplicationStatusData } from "./ApplicationStatusView";
import { applicationStageTitleKey } from "./application-stages";
import { applicationStatus, applicationsOf, withdrawApplication } from "./application-status.server";
import { applicationPersonalData } from "./personal-data.server";

/**
 * An application's status page (docs/requirements.md#status-pages): where it is in the hiring
 * process and since when, and withdrawing it while it is under way.
 */
export const applicationStatusSource = defineStatusSource<ApplicationStatusData>({
  personalData: applicationPersonalData,
  async page(db, id, lang) {
    const status = await applicationStatus(db, id);
    if (!status) return null;
    const reachedOn: ApplicationStatusData["reachedOn"] = {};
    for (const step of status.history) reachedOn[step.stage] = statusDay(step.at, lang);
    return {
      title: status.jobTitle,
      deleteOn: statusDay(status.expiresAt, lang),
      data: {
        jobTitle: status.jobTitle,
        jobOfferId: status.jobOfferId,
        stage: status.stage,
        skillsStep: status.skillsStep,
        sentOn: statusDay(status.createdAt, lang),
        changedOn: statusDay(status.stageChangedAt, lang),
        reachedOn,
      },
    };
  },
  summaryKey: (data) => `careers:${applicationStageTitleKey(data.stage)}`,
  async sentFrom(tx, address, { t }) {
    const applications = await applicationsOf(tx, address);
    // The job's title is the studio's words, not the applicant's.
    return applications.map((application) => ({
      id: application.id,
      label: t("status:kinds.application", { title: application.jobTitle }),
    }));
  },
  actions: {
    withdraw: defineStatusAction({
      schema: z.object({}),
      async run(svc, id) {
        const change = await withdrawApplication(svc, id);
        if (!change.ok && change.code === "notFound") return { notFound: true };
        return {
          message: change.ok
            ? { kind: "success", messages: ["careers:status.withdraw.done"] }
            : { kind: "error", messages: ["careers:status.withdraw.notActive"] },
        };
      },
    }),
  },
});
