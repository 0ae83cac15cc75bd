import { and, asc, desc, eq, gt, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { HomeSettings, StudioFile } from "~/features/content/schemas";
import { sharedContentMemo } from "~/features/page-cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import {
  awards,
  faqCategories,
  faqItems,
  games,
  jobOffers,
  offices,
  siteSettings,
  taxonomyTerms,
  valuePanels,
} from "~/platform/db/schema/content";
import { defaultLanguage, type Language, languages, pick } from "~/platform/i18n/languages";
import type {
  Award,
  FaqCategory,
  FaqSection,
  Game,
  HomeContent,
  JobOffer,
  JobOfferOffice,
  JobOfferSummary,
  Office,
  StudioInfo,
  TaxonomyKind,
  TaxonomyTerm,
} from "./types";

export type * from "./types";

/**
 * Read queries over the content the loader stored (app/features/content). Every function returns
 * plain objects with texts already picked for the requested language.
 */

export class ContentMissingError extends Error {}

async function readSetting<T>(db: Db, key: string): Promise<T> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key));
  if (!row) throw new ContentMissingError(`site setting "${key}" is missing: was content loaded?`);
  return row.value as T;
}

function text(value: Partial<Record<Language, string>> | null | undefined, lang: Language): string {
  return pick(value, lang) ?? "";
}

function toGame(row: typeof games.$inferSelect, lang: Language): Game {
  return {
    slug: row.slug,
    name: row.name,
    tagline: text(row.tagline, lang),
    description: text(row.description, lang),
    platforms: row.platforms,
    releaseDate: row.releaseDate,
    website: row.website,
    image: row.image,
  };
}

async function listGames(db: Db, lang: Language): Promise<Game[]> {
  const rows = await db.select().from(games).orderBy(asc(games.sort), asc(games.slug));
  return rows.map((row) => toGame(row, lang));
}

/** The studio's details for the site shell and most pages (memoized per content version). */
export function getStudioInfo(db: Db, lang: Language): Promise<StudioInfo> {
  return sharedContentMemo(db)(`studio|${lang}`, () => readStudioInfo(db, lang));
}

async function readStudioInfo(db: Db, lang: Language): Promise<StudioInfo> {
  const [studio, gameList] = await Promise.all([readSetting<StudioFile>(db, "studio"), listGames(db, lang)]);
  return {
    name: studio.name,
    shortName: studio.shortName,
    logo: studio.logo,
    tagline: text(studio.tagline, lang),
    website: studio.website,
    forumsUrl: studio.forumsUrl,
    businessUrl: studio.businessUrl,
    companySize: studio.companySize,
    foundedYear: studio.foundedYear,
    email: { ...studio.email },
    socialLinks: studio.socialLinks.map((link) => ({ ...link })),
    games: gameList.map(({ slug, name, tagline, image }) => ({ slug, name, tagline, image })),
  };
}

export async function getHomeContent(db: Db, lang: Language): Promise<HomeContent> {
  const [home, panels, awardRows, gameList] = await Promise.all([
    readSetting<HomeSettings>(db, "home"),
    db.select().from(valuePanels).orderBy(asc(valuePanels.sort)),
    db.select().from(awards).orderBy(asc(awards.sort)),
    listGames(db, lang),
  ]);
  const gameNames = new Map(gameList.map((g) => [g.slug, g.name]));
  return {
    hero: {
      label: text(home.hero.label, lang),
      title: text(home.hero.title, lang),
      subtitle: text(home.hero.subtitle, lang),
    },
    about: { title: text(home.about.title, lang), body: text(home.about.body, lang) },
    vision: { title: text(home.vision.title, lang), body: text(home.vision.body, lang) },
    banner: {
      title: text(home.banner.title, lang),
      body: text(home.banner.body, lang),
      linkLabel: text(home.banner.linkLabel, lang),
      link: home.banner.link,
    },
    valuePanels: panels.map((p) => ({
      slug: p.slug,
      title: text(p.title, lang),
      body: text(p.body, lang),
      icon: p.icon,
    })),
    awards: awardRows.map(
      (a): Award => ({
        slug: a.slug,
        title: text(a.title, lang),
        organization: a.organization,
        year: a.year,
        game: a.game ? (gameNames.get(a.game) ?? null) : null,
      }),
    ),
    games: gameList,
  };
}

function toOffice(row: typeof offices.$inferSelect, lang: Language): Office {
  return {
    slug: row.slug,
    name: text(row.name, lang),
    country: text(row.country, lang),
    countryCode: row.address.countryCode,
    continent: row.continent as Office["continent"],
    address: { ...row.address },
    latitude: row.latitude,
    longitude: row.longitude,
    timezone: row.timezone,
    email: row.email,
    phone: row.phone,
    summary: text(row.summary, lang),
    image: row.image,
    inEu: row.inEu,
  };
}

export function listOffices(db: Db, lang: Language): Promise<Office[]> {
  return sharedContentMemo(db)(`offices|${lang}`, () => readOffices(db, lang));
}

async function readOffices(db: Db, lang: Language): Promise<Office[]> {
  const rows = await db.select().from(offices).orderBy(asc(offices.sort), asc(offices.slug));
  return rows.map((row) => toOffice(row, lang));
}

export async function getOfficeBySlug(db: Db, slug: string, lang: Language): Promise<Office | null> {
  const [row] = await db.select().from(offices).where(eq(offices.slug, slug));
  return row ? toOffice(row, lang) : null;
}

export function listTaxonomy(db: Db, kind: TaxonomyKind, lang: Language): Promise<TaxonomyTerm[]> {
  return sharedContentMemo(db)(`taxonomy|${kind}|${lang}`, () => readTaxonomy(db, kind, lang));
}

async function readTaxonomy(db: Db, kind: TaxonomyKind, lang: Language): Promise<TaxonomyTerm[]> {
  const rows = await db
    .select()
    .from(taxonomyTerms)
    .where(eq(taxonomyTerms.kind, kind))
    .orderBy(asc(taxonomyTerms.sort));
  return rows.map((row) => ({ slug: row.slug, label: text(row.label, lang) }));
}

export async function listFaq(db: Db, section: FaqSection, lang: Language): Promise<FaqCategory[]> {
  const rows = await db
    .select({ category: faqCategories, item: faqItems })
    .from(faqCategories)
    .leftJoin(faqItems, eq(faqItems.categoryId, faqCategories.id))
    .where(eq(faqCategories.section, section))
    .orderBy(asc(faqCategories.sort), asc(faqCategories.id), asc(faqItems.sort));
  const categories = new Map<number, FaqCategory>();
  for (const { category, item } of rows) {
    let entry = categories.get(category.id);
    if (!entry) {
      entry = {
        id: category.id,
        slug: category.slug,
        title: text(category.title, lang),
        description: category.description ? text(category.description, lang) : null,
        items: [],
      };
      categories.set(category.id, entry);
    }
    if (item) {
      entry.items.push({
        id: item.id,
        slug: item.slug,
        title: text(item.title, lang),
        description: text(item.description, lang),
      });
    }
  }
  return [...categories.values()];
}

/* Job offers */

/**
 * The requested language, else English (French at the Quebec office, whose offers are French
 * first under the Charter of the French Language), else the first language the offer is in.
 */
function textLanguage(available: Language[], lang: Language, fallback: Language = defaultLanguage): Language {
  if (available.includes(lang)) return lang;
  if (available.includes(fallback)) return fallback;
  if (available.includes(defaultLanguage)) return defaultLanguage;
  return available[0] ?? defaultLanguage;
}

export type JobRow = {
  job: typeof jobOffers.$inferSelect;
  office: typeof offices.$inferSelect;
};

export function termLabels(db: Db, lang: Language): Promise<ReadonlyMap<string, string>> {
  return sharedContentMemo(db)(`term-labels|${lang}`, async () => {
    const rows = await db.select().from(taxonomyTerms);
    return new Map(rows.map((row) => [`${row.kind}:${row.slug}`, text(row.label, lang)]));
  });
}

function term(labels: ReadonlyMap<string, string>, kind: TaxonomyKind, slug: string): TaxonomyTerm {
  // A closed offer may name a term the studio has since removed: show its slug then.
  return { slug, label: labels.get(`${kind}:${slug}`) ?? slug };
}

function toOfficeSummary(row: typeof offices.$inferSelect, lang: Language): JobOfferOffice {
  const { slug, name, country, countryCode, address, timezone, inEu } = toOffice(row, lang);
  return { slug, name, country, countryCode, address, timezone, inEu };
}

function availableLanguages(job: typeof jobOffers.$inferSelect): Language[] {
  return languages.filter((l) => job.texts[l] !== undefined);
}

export function toSummary(
  { job, office }: JobRow,
  labels: ReadonlyMap<string, string>,
  lang: Language,
): JobOfferSummary {
  const language = textLanguage(
    availableLanguages(job),
    lang,
    office.slug === "quebec" ? "fr" : defaultLanguage,
  );
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

function isOpen(job: typeof jobOffers.$inferSelect, now: Date): boolean {
  return job.status === "open" && (job.closesAt === null || job.closesAt > now);
}

/** One offer by id, open or not (a closed offer's page says so); null when there is none. */
export async function getJobOffer(db: Db, id: number, lang: Language): Promise<JobOffer | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({ job: jobOffers, office: offices })
    .from(jobOffers)
    .innerJoin(offices, eq(offices.id, jobOffers.officeId))
    .where(eq(jobOffers.id, id));
  if (!row) return null;
  const summary = toSummary(row, await termLabels(db, lang), lang);
  const texts = row.job.texts[summary.textLanguage];
  return {
    ...summary,
    description: texts?.description ?? "",
    responsibilities: [...(texts?.responsibilities ?? [])],
    requirements: [...(texts?.requirements ?? [])],
    isOpen: isOpen(row.job, new Date()),
    applyUrl: row.job.applyUrl,
    languages: availableLanguages(row.job),
    source: row.job.source,
  };
}

export type OpenJobOffersQuery = {
  lang: Language;
  /** At most this many, newest first; all when omitted. */
  limit?: number;
  /** Only offers at this office. */
  office?: string;
  /** Only offers with one of these commitments / levels / teams (slugs). */
  commitments?: string[];
  levels?: string[];
  teams?: string[];
};

/** Open offers (status open and not past their closing date), newest first. */
export async function listOpenJobOffers(db: Db, query: OpenJobOffersQuery): Promise<JobOfferSummary[]> {
  const now = new Date();
  const conditions: SQL[] = [eq(jobOffers.status, "open")];
  const notClosed = or(isNull(jobOffers.closesAt), gt(jobOffers.closesAt, now));
  if (notClosed) conditions.push(notClosed);
  if (query.office) conditions.push(eq(offices.slug, query.office));
  if (query.commitments) conditions.push(inArray(jobOffers.commitment, query.commitments));
  if (query.levels) conditions.push(inArray(jobOffers.level, query.levels));
  if (query.teams) conditions.push(inArray(jobOffers.team, query.teams));
  const base = db
    .select({ job: jobOffers, office: offices })
    .from(jobOffers)
    .innerJoin(offices, eq(offices.id, jobOffers.officeId))
    .where(and(...conditions))
    .orderBy(desc(jobOffers.publishedAt), asc(jobOffers.id));
  const [rows, labels] = await Promise.all([
    query.limit === undefined ? base : base.limit(query.limit),
    termLabels(db, query.lang),
  ]);
  return rows.map((row) => toSummary(row, labels, query.lang));
}
