/* The job offers' server face: queries, the open-offer rule in SQL, the Greenhouse sync. */
export { FeedError } from "./greenhouse/greenhouse-feed.server";
export { syncGreenhouse } from "./greenhouse/greenhouse-sync.server";
export { greenhouseSyncTask } from "./greenhouse/periodic-sync.server";
export { jobsKind } from "./job-kind.server";
export { getJobOffer, listOpenOfferPages, offerSkillsStepSql } from "./job-offers.server";
export { jobOffersVersion } from "./job-offers-version.server";
export {
  type JobSearchInput,
  type JobSearchResult,
  jobFilterChoices,
  jobSearchParams,
  searchJobOffers,
  unknownFilterMessages,
} from "./job-search.server";
export {
  isOpenOffer,
  listedInLanguageSql,
  openOfferSql,
  recentlyListedOffersSql,
} from "./open-offers.server";
// Its tables, for the features that join or read them.
export { taxonomyTerms } from "./tables";
export { listTaxonomy, termLabels } from "./taxonomy.server";
export { taxonomyKind } from "./taxonomy-kind.server";
export type * from "./types";
