import { and, asc, count, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { listOffices, offices } from "~/features/offices/index.server";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { defaultLanguage, type Language } from "~/platform/i18n/languages";
import { queryWords } from "~/platform/text/fold";
import { foldSql } from "~/platform/text/fold-sql.server";
import { jobFilterSchema, jobFilterValue } from "./job-filter-schema";
import {
  type JobFilterChoices,
  type JobFilters,
  jobFilterKeys,
  jobSearchLimits,
  unknownFilterKeys,
} from "./job-filters";
import { toSummary } from "./job-offers.server";
import { listedInLanguageSql, openOfferSql } from "./open-offers.server";
import { jobOffers, taxonomyTerms } from "./tables";
import { listTaxonomy, termLabels } from "./taxonomy.server";
import type { JobOfferSummary } from "./types";

/**
 * The one query behind every list of open offers: the careers page, a location page, the
 * internships page and GET /api/offices/job-offers.
 */

export type JobSearchInput = JobFilters & {
  lang: Language;
  page?: number;
  pageSize?: number;
  /** Internships page: internships and junior roles only. */
  earlyCareer?: boolean;
  /** Leave one offer out (the closed offer whose page suggests others). */
  excludeId?: number;
  /** A game's page: the offers that name that game. */
  game?: string;
};

export type JobSearchResult = {
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  items: JobOfferSummary[];
};

/** The distinct folded words of a text query. */
export function jobSearchTerms(query: string | undefined): string[] {
  if (!query) return [];
  return queryWords(query, { maxLength: jobSearchLimits.maxQuery, maxWords: jobSearchLimits.maxTerms });
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const teamTerms = alias(taxonomyTerms, "team_terms");

/* What a text query looks through: the offer's title and description in every language it is
   published in, its office's name in every language and its team's labels. jsonb::text keeps
   the JSON quoting, which only adds separators between the words. */
const searchable = sql`${foldSql(sql`coalesce(${jobOffers.texts}->'en'->>'title', '') || ' ' || coalesce(${jobOffers.texts}->'fr'->>'title', '') || ' ' || coalesce(${jobOffers.texts}->'es'->>'title', '') || ' ' || coalesce(${jobOffers.texts}->'en'->>'description', '') || ' ' || coalesce(${jobOffers.texts}->'fr'->>'description', '') || ' ' || coalesce(${jobOffers.texts}->'es'->>'description', '') || ' ' || ${offices.name}::text || ' ' || coalesce(${teamTerms.label}::text, '')`)}`;

function conditionsFor(input: JobSearchInput, now: Date): SQL[] {
  const conditions: SQL[] = [openOfferSql(now), listedInLanguageSql(input.lang)];
  if (input.location) conditions.push(eq(offices.slug, input.location));
  if (input.team) conditions.push(eq(jobOffers.team, input.team));
  if (input.level) conditions.push(eq(jobOffers.level, input.level));
  if (input.commitment) conditions.push(eq(jobOffers.commitment, input.commitment));
  if (input.game) conditions.push(eq(jobOffers.game, input.game));
  if (input.earlyCareer) {
    const early = or(eq(jobOffers.commitment, "internship"), eq(jobOffers.level, "junior"));
    if (early) conditions.push(early);
  }
  if (input.excludeId !== undefined) conditions.push(ne(jobOffers.id, input.excludeId));
  for (const term of jobSearchTerms(input.query)) {
    conditions.push(sql`${searchable} like ${likePattern(term)}`);
  }
  return conditions;
}

/**
 * Open offers matching the filters, newest first (ties by id), a page at a time. The same for
 * every visitor until the content changes, so answers are memoized like the site's other content
 * reads (platform/cache/content-memo.server.ts), keyed by the whole input: a page the page cache
 * cannot serve (a signed-in visitor's) still makes no search query most of the time. Offers that
 * pass their closing date drop out when the memo's lifetime ends, as cached pages do.
 */
export function searchJobOffers(db: Db, input: JobSearchInput): Promise<JobSearchResult> {
  // Every field of the input, named (the type fails the build when a new one is left out), in a
  // fixed order: equal searches share one entry whatever object they came in.
  const key: { [K in keyof Required<JobSearchInput>]: JobSearchInput[K] } = {
    lang: input.lang,
    location: input.location,
    team: input.team,
    level: input.level,
    commitment: input.commitment,
    query: input.query,
    page: input.page,
    pageSize: input.pageSize,
    earlyCareer: input.earlyCareer,
    excludeId: input.excludeId,
    game: input.game,
  };
  return sharedContentMemo(db)(`job-search|${JSON.stringify(key)}`, () => readJobOffers(db, key));
}

async function readJobOffers(db: Db, input: JobSearchInput): Promise<JobSearchResult> {
  const pageSize = Math.min(input.pageSize ?? jobSearchLimits.defaultPageSize, jobSearchLimits.maxPageSize);
  const page = Math.max(1, input.page ?? 1);
  const where = and(...conditionsFor(input, new Date()));
  const [totalRows, rows, labels] = await Promise.all([
    db
      .select({ total: count() })
      .from(jobOffers)
      .innerJoin(offices, eq(offices.id, jobOffers.officeId))
      .leftJoin(teamTerms, and(eq(teamTerms.kind, "team"), eq(teamTerms.slug, jobOffers.team)))
      .where(where),
    db
      .select({ job: jobOffers, office: offices })
      .from(jobOffers)
      .innerJoin(offices, eq(offices.id, jobOffers.officeId))
      .leftJoin(teamTerms, and(eq(teamTerms.kind, "team"), eq(teamTerms.slug, jobOffers.team)))
      .where(where)
      .orderBy(desc(jobOffers.publishedAt), asc(jobOffers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    termLabels(db, input.lang),
  ]);
  const total = totalRows[0]?.total ?? 0;
  return {
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    items: rows.map((row) => toSummary(row, labels, input.lang)),
  };
}

/** The offices and terms the filters offer, in the visitor's language (memoized content reads). */
export async function jobFilterChoices(db: Db, lang: Language) {
  const [location, team, level, commitment] = await Promise.all([
    listOffices(db, lang),
    listTaxonomy(db, "team", lang),
    listTaxonomy(db, "level", lang),
    listTaxonomy(db, "commitment", lang),
  ]);
  return { location, team, level, commitment } satisfies JobFilterChoices;
}

/** One message per filter whose value names no office or term; empty when all are known. */
export async function unknownFilterMessages(db: Db, filters: JobFilters): Promise<string[]> {
  if (!jobFilterKeys.some((key) => filters[key])) return [];
  const choices = await jobFilterChoices(db, defaultLanguage);
  return unknownFilterKeys(filters, choices).map((key) => `${key}: unknown value "${filters[key]}"`);
}

/** GET /api/offices/job-offers: every parameter known, well formed and bounded, or a 400. */
export const jobSearchParams = z.strictObject({
  ...jobFilterSchema().shape,
  studio: jobFilterValue(),
  page: z.coerce.number().int().min(1).max(jobSearchLimits.maxPage).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(jobSearchLimits.maxPageSize)
    .default(jobSearchLimits.defaultPageSize),
});
