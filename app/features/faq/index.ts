export { FaqGroups } from "./FaqGroups";
export { FaqList } from "./FaqList";
export { FaqResultList, FaqSearch } from "./FaqSearch";
export { FaqVote, type FaqVoteResult } from "./FaqVote";
export { faqSearchLimits } from "./search-limits";
export type * from "./types";
export { faqSections } from "./types";
