/* Legal pages: their server face. */
export { legalDocumentsKind } from "./legal-kind.server";
