/* Careers' server face for other features: an application's status, its changes, and the lookup by address. */

export { applicableOffer, applicationRetentionTask } from "./application.server";
export { applicationSchema } from "./application-form";
export { applicationStageTitleKey } from "./application-stages";
export {
  type ApplicationStatus,
  applicationStatus,
  applicationsOf,
  withdrawApplication,
} from "./application-status.server";
export { applicationStatusSource } from "./application-status-source.server";
export { applicationFormTexts, applicationLimit, applyForJob } from "./apply-for-job.server";
export { createCareersApi } from "./careers-api.server";
export { applicationPersonalData } from "./personal-data.server";
export { applicationCommands } from "./tools.server";
