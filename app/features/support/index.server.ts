/* support: its server face. */
export { faqVoteLimit, getFaqVotes, voteOnFaq } from "./faq-votes.server";
export { createSupportApi } from "./support-api.server";
