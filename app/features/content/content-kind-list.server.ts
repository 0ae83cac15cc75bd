import { newsArticlesKind } from "~/features/blog/index.server";
import { consentKind } from "~/features/consent/index.server";
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
import type { ContentKind } from "./content-kinds.server";

/**
 * Every kind of content, one line each: the only place the content engine names a feature.
 * The order is the order they are parsed, checked and stored in: a kind comes after those its
 * rows refer to (offices, taxonomy and games first). A function, not a constant: the kinds'
 * modules import the engine, so this list is read only once they have all loaded.
 */
// biome-ignore lint/suspicious/noExplicitAny: each kind has its own unit type.
export function contentKinds(): ContentKind<any>[] {
  return [
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
}
