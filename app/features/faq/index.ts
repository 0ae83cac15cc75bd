export { faqSearchLimits } from "./faq-search";
export type * from "./types";
export { faqSections } from "./types";
