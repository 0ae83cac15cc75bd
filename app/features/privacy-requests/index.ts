/* Data rights' public face for other features (safe in the browser): the download button, a held item's dates. */
export { DownloadForm } from "./DownloadForm";
export { HeldItemMeta } from "./HeldItemMeta";
export { PersonalDataList } from "./PersonalDataList";
