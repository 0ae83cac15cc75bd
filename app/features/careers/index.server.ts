/* Careers' server face for other features: an application's status, its changes, and the lookup by address. */

export { applicationStageTitleKey } from "./application-stages";
export {
  type ApplicationStatus,
  applicationStatus,
  applicationsOf,
  withdrawApplication,
} from "./application-status.server";
export { applicationPersonalData } from "./personal-data.server";
export { applicationCommands } from "./tools.server";
