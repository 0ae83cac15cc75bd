/* The status pages' server face. */
export {
  issueOfLink,
  loadStatusPage,
  type StatusPage,
  sendStatusLinks,
  withdrawByLink,
} from "./status.server";
