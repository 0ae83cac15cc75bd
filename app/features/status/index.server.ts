/* The status pages' server face. */
export { loadStatusPage, sendStatusLinks, withdrawByLink } from "./status.server";
