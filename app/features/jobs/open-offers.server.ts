import { and, eq, gt, inArray, isNull, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { offices } from "~/features/offices/index.server";
import type { Language } from "~/platform/i18n/languages";
import { frenchFirstOffices } from "./offer-languages";
import { jobOffers } from "./tables";

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

/**
 * The offers open at `now` that were listed (or published, whichever came later) after
 * `since`, as a subquery for a feature that matches them within one statement (job alerts):
 * id, location (the office's slug), office_name, team, level, commitment, listed, published_at
 * and texts.
 */
export function recentlyListedOffersSql(now: Date, since: Date): SQL {
  const listed = sql`greatest(${jobOffers.listedAt}, ${jobOffers.publishedAt})`;
  return sql`
    select ${jobOffers.id} as id, ${offices.slug} as location, ${offices.name} as office_name,
           ${jobOffers.team} as team, ${jobOffers.level} as level,
           ${jobOffers.commitment} as commitment, ${listed} as listed,
           ${jobOffers.publishedAt} as published_at, ${jobOffers.texts} as texts
    from ${jobOffers} join ${offices} on ${offices.id} = ${jobOffers.officeId}
    where ${openOfferSql(now)} and ${jobOffers.publishedAt} <= ${now.toISOString()}::timestamptz
      and ${listed} > ${since.toISOString()}::timestamptz`;
}
