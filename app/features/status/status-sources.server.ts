import { applicationStatusSource } from "~/features/careers/index.server";
import { contactStatusSource } from "~/features/contact/index.server";
import { playtestStatusSource } from "~/features/playtesting/index.server";
import { issueReportStatusSource } from "~/features/support-report/index.server";

/**
 * Every kind of submission with a status page, one line each, by the kind its feature gives its
 * items (its personal data's `kind`): the only place the status pages name a feature, with
 * the views' list (status-views.tsx). The order is the lost-links e-mail's.
 */
export const statusSources = {
  application: applicationStatusSource,
  contact: contactStatusSource,
  issueReport: issueReportStatusSource,
  playtest: playtestStatusSource,
};

export type StatusKind = keyof typeof statusSources;
