/* Job alerts' server face for other features. */

export { alertCreateSchema, alertCriteriaSchema } from "./alert-form";
export {
  alertCreateLimit,
  alertFormTexts,
  alertManageLimit,
  changeAlertCriteria,
  managedAlert,
  subscribeToJobs,
} from "./alert-writes.server";
export {
  alertByToken,
  alertDictionaries,
  confirmAlert,
  listOwnedAlerts,
  ownedAlert,
  removeAlert,
  setAlertActive,
} from "./alerts.server";
export { createAlertsApi } from "./alerts-api.server";
export { alertPersonalData } from "./personal-data.server";
export { jobAlertMatchTask, unconfirmedAlertPurgeTask } from "./worker.server";
