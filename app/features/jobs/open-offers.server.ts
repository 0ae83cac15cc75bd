import { and, eq, gt, inArray, isNull, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { jobOffers, offices } from "~/platform/db/schema/content";
import type { Language } from "~/platform/i18n/languages";
import { frenchFirstOffices } from "./offer-languages";

/*
 * When an offer is open, and where it is listed: the one rule for the careers lists, an offer's
 * page, the sitemap and job alerts, in TypeScript and as SQL over job_offers (and offices).
 */

/** Open: not closed by the studio or the recruiting service, and not past its closing date. */
export function isOpenOffer(
  job: Pick<typeof jobOffers.$inferSelect, "status" | "closesAt">,
  now: Date,
): boolean {
  return job.status === "open" && (job.closesAt === null || job.closesAt > now);
}

/** isOpenOffer in SQL, over job_offers. */
export function openOfferSql(now: Date): SQL {
  return and(
    eq(jobOffers.status, "open"),
    or(isNull(jobOffers.closesAt), gt(jobOffers.closesAt, now)),
  ) as SQL;
}

/**
 * Listed in `lang` (over job_offers joined with offices): at a French-first office only in the
 * languages the offer is written in, as offerPageLanguages has it. A query that reads the
 * language from a row (an alert's) or the offer under other names passes them as SQL.
 */
export function listedInLanguageSql(
  lang: Language | SQL,
  offer: { officeSlug: SQLWrapper; texts: SQLWrapper } = { officeSlug: offices.slug, texts: jobOffers.texts },
): SQL {
  return sql`not (${inArray(offer.officeSlug, [...frenchFirstOffices])} and ${offer.texts}->${lang} is null)`;
}
