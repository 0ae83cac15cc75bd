export {
  getFaq,
  getFaqCategory,
  listFaq,
  listFaqCategories,
  listFaqGroups,
  searchFaqs,
} from "./faq.server";
export { faqCategoriesKind, faqItemsKind } from "./faq-kind.server";
export { faqSearchQuery, slugParam } from "./faq-search";
export type * from "./types";
