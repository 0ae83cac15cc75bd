import { newsArticlesKind } from "~/features/blog/index.server";
import { consentKind } from "~/features/consent/index.server";
import type { ContentKind } from "~/features/content/index.server";
import { faqCategoriesKind, faqItemsKind } from "~/features/faq/index.server";
import { gamesKind } from "~/features/games/index.server";
import { bannersKind, homeKind } from "~/features/home/index.server";
import { jobsKind, taxonomyKind } from "~/features/jobs/index.server";
import { legalDocumentsKind } from "~/features/legal/index.server";
import { merchProductsKind } from "~/features/merch/index.server";
import { officesKind } from "~/features/offices/index.server";
import { patchNotesKind } from "~/features/patches/index.server";
import { playtestSitesKind, surveysKind } from "~/features/playtesting/index.server";
import { pressKitsKind } from "~/features/press/index.server";
import { studioKind } from "~/features/studio/index.server";
import { knownIssuesKind } from "~/features/support-report/index.server";

/**
 * Every kind of content, one line each: the registry the content engine
 * (app/features/content) is handed by the site's boot (lifecycle.ts), `npm run content:check`
 * and the tests; the engine itself names no feature. The order is the order they are parsed,
 * checked and stored in: a kind comes after those its rows refer to (offices, taxonomy and
 * games first).
 */
// biome-ignore lint/suspicious/noExplicitAny: each kind has its own unit type.
export const contentKinds: readonly ContentKind<any>[] = [
  studioKind,
  taxonomyKind,
  officesKind,
  gamesKind,
  homeKind,
  faqCategoriesKind,
  faqItemsKind,
  jobsKind,
  legalDocumentsKind,
  bannersKind,
  playtestSitesKind,
  surveysKind,
  newsArticlesKind,
  patchNotesKind,
  knownIssuesKind,
  pressKitsKind,
  merchProductsKind,
  consentKind,
];
