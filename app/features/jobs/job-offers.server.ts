import { eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { offices, toOffice } from "~/features/offices/index.server";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { type Language, languages } from "~/platform/i18n/languages";
import { offerPageLanguages, offerTextLanguage } from "./offer-languages";
import { isOpenOffer, openOfferSql } from "./open-offers.server";
import { jobOffers } from "./tables";
import { termLabels } from "./taxonomy.server";
import type { JobOffer, JobOfferOffice, JobOfferSummary, TaxonomyKind, TaxonomyTerm } from "./types";

/**
 * Whether the process of the offer whose id is `offerId` (a column of the caller's query) has
 * the skills step, as SQL; null when no offer has that id (removed from the database).
 */
export function offerSkillsStepSql(offerId: SQLWrapper): SQL<boolean | null> {
  const { id, skillsStep } = jobOffers;
  return sql<boolean | null>`(select ${skillsStep} from ${jobOffers} where ${id} = ${offerId})`;
}

export type JobRow = {
  job: typeof jobOffers.$inferSelect;
  office: typeof offices.$inferSelect;
};

function term(labels: ReadonlyMap<string, string>, kind: TaxonomyKind, slug: string): TaxonomyTerm {
  // A closed offer may name a term the studio has since removed: show its slug then.
  return { slug, label: labels.get(`${kind}:${slug}`) ?? slug };
}

function toOfficeSummary(row: typeof offices.$inferSelect, lang: Language): JobOfferOffice {
  const { slug, name, country, countryCode, address, timezone, inEu, artFocus } = toOffice(row, lang);
  return { slug, name, country, countryCode, address, timezone, inEu, artFocus };
}

function writtenLanguages(job: Pick<typeof jobOffers.$inferSelect, "texts">): Language[] {
  return languages.filter((l) => job.texts[l] !== undefined);
}

export function toSummary(
  { job, office }: JobRow,
  labels: ReadonlyMap<string, string>,
  lang: Language,
): JobOfferSummary {
  const language = offerTextLanguage(office.slug, writtenLanguages(job), lang);
  return {
    id: job.id,
    slug: job.slug,
    title: job.texts[language]?.title ?? job.slug,
    textLanguage: language,
    team: term(labels, "team", job.team),
    level: term(labels, "level", job.level),
    commitment: term(labels, "commitment", job.commitment),
    office: toOfficeSummary(office, lang),
    salary: job.salary ? { ...job.salary } : null,
    publishedAt: job.publishedAt.toISOString(),
    closesAt: job.closesAt ? job.closesAt.toISOString() : null,
  };
}

/** One offer by id, open or not (a closed offer's page says so); null when there is none. */
export async function getJobOffer(db: Db, id: number, lang: Language): Promise<JobOffer | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  // Memoized with the other content reads; whether it is still open is decided below, now.
  const [row] = await sharedContentMemo(db)(`job-offer|${id}`, () =>
    db
      .select({ job: jobOffers, office: offices })
      .from(jobOffers)
      .innerJoin(offices, eq(offices.id, jobOffers.officeId))
      .where(eq(jobOffers.id, id)),
  );
  if (!row) return null;
  const summary = toSummary(row, await termLabels(db, lang), lang);
  const texts = row.job.texts[summary.textLanguage];
  return {
    ...summary,
    description: texts?.description ?? "",
    responsibilities: [...(texts?.responsibilities ?? [])],
    requirements: [...(texts?.requirements ?? [])],
    isOpen: isOpenOffer(row.job, new Date()),
    applyUrl: row.job.applyUrl,
    languages: writtenLanguages(row.job),
    source: row.job.source,
  };
}

/**
 * The pages of the offers open at `now`, by id: the languages each is published in
 * (offerPageLanguages) and when it last changed. What sitemap.xml lists: closed and past-closing
 * offers carry noindex.
 */
export async function listOpenOfferPages(
  db: Db,
  now: Date,
): Promise<Array<{ id: number; languages: readonly Language[]; updatedAt: Date }>> {
  const rows = await db
    .select({
      id: jobOffers.id,
      texts: jobOffers.texts,
      updatedAt: jobOffers.updatedAt,
      officeSlug: offices.slug,
    })
    .from(jobOffers)
    .innerJoin(offices, eq(offices.id, jobOffers.officeId))
    .where(openOfferSql(now))
    .orderBy(jobOffers.id);
  return rows.map((job) => ({
    id: job.id,
    languages: offerPageLanguages(job.officeSlug, writtenLanguages(job)),
    updatedAt: job.updatedAt,
  }));
}
