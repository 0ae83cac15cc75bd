/* Data rights' server face. */
export { type ReplayResult, replayErasures } from "./erasure-replay.server";
export { personalDataSources } from "./personal-data-list.server";
export {
  exportByPrivacyLink,
  exportItemArchive,
  exportTiedTo,
  isTiedTo,
  listTiedTo,
  loadPrivacyRequestPage,
  privacyLinkRetentionTask,
  removeByPrivacyLink,
  removeEverything,
  removeEverythingByPrivacyLink,
  removePersonalItem,
  removeTiedItem,
  sendPrivacyLink,
} from "./privacy-requests.server";
