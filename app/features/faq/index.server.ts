export {
  getFaq,
  getFaqCategory,
  listFaq,
  listFaqCategories,
  listFaqGroups,
  listGameFaqs,
  listSupportCategorySlugs,
  listSupportFaqSlugs,
  searchFaqs,
} from "./faq.server";
export { createFaqApi } from "./faq-api.server";
export { faqCategoriesKind, faqItemsKind } from "./faq-kind.server";
export { faqSearchQuery, slugParam } from "./faq-search";
export { faqVoteLimit, getFaqVotes, voteOnFaq } from "./faq-votes.server";
export type * from "./types";
