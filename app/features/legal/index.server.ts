/* Legal pages: their server face. */

export { fillPlaceholders, getLegalDocument, legalPlaceholders } from "./legal.server";
export { legalDocumentsKind } from "./legal-kind.server";
export { loadLegalPage } from "./legal-page.server";
