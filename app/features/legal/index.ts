/* legal: its face. */
export { LegalPage } from "./LegalPage";
