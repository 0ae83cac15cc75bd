export { faqSearchLimits } from "./search-limits";
export type * from "./types";
export { faqSections } from "./types";
