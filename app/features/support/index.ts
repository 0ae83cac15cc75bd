/* support: its face. */
export { FaqResultList, FaqSearch } from "./FaqSearch";
export { FaqVote, type FaqVoteResult } from "./FaqVote";
export { SupportBreadcrumb, SupportContact, SupportTopics } from "./SupportSections";
