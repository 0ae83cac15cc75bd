/* Data rights' server face. */
export { personalDataSources } from "./personal-data-list.server";
export {
  exportByPrivacyLink,
  exportItemArchive,
  loadPrivacyRequestPage,
  privacyLinkRetentionTask,
  removeByPrivacyLink,
  removeEverything,
  removeEverythingByPrivacyLink,
  removePersonalItem,
  sendPrivacyLink,
} from "./privacy-requests.server";
