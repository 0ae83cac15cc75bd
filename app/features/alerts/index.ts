/* alerts: its face. */
export { AlertsIntro } from "./AlertsIntro";
export { alertFilterKeys } from "./alert-filters";
export { ManageAlerts, type ManagedAlert } from "./ManageAlerts";
