/* Data rights' public face for other features (safe in the browser): the download button. */
export { DownloadForm } from "./DownloadForm";
export { PersonalDataList } from "./PersonalDataList";
