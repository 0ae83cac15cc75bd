export {
  getFaq,
  getFaqCategory,
  listFaq,
  listFaqCategories,
  listFaqGroups,
  listSupportCategorySlugs,
  listSupportFaqSlugs,
  searchFaqs,
} from "./faq.server";
export { faqCategoriesKind, faqItemsKind } from "./faq-kind.server";
export { faqSearchQuery, slugParam } from "./faq-search";
export type * from "./types";
