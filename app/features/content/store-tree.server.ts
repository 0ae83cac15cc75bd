import { and, eq, getTableColumns, inArray, notInArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { newsSearchText } from "~/features/news/news-search.server";
import type { Tx } from "~/platform/db/client.server";
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
import { banners, legalDocuments } from "~/platform/db/schema/legal";
import { newsArticles } from "~/platform/db/schema/news";
import { playtestSites, surveys } from "~/platform/db/schema/playtest";
import { contentKinds } from "./content-kind-list.server";
import type { ContentTree, Unit } from "./parse-tree.server";
import type { HomeSettings } from "./schemas";

/**
 * Writes a parsed content tree inside the caller's transaction. Entities whose files changed are
 * upserted (keyed by slug, so ids stay stable for addresses like /careers/{id}); entities whose
 * files are gone are deleted, except job offers, which are closed so their page still answers.
 */

export type StoreReport = {
  upserted: number;
  removed: number;
  closedJobs: number;
};

/** The closing date is inclusive: an offer closing on 2026-05-31 takes applications all that day (UTC). */
function endOfDay(date: string): Date {
  return new Date(`${date}T23:59:59.999Z`);
}

export async function storeContentTree(
  tx: Tx,
  tree: ContentTree,
  changed: (unit: Unit<unknown>) => boolean,
): Promise<StoreReport> {
  const report: StoreReport = { upserted: 0, removed: 0, closedJobs: 0 };
  const pending = <T>(units: Unit<T>[]) => {
    const list = units.filter(changed);
    report.upserted += list.length;
    return list;
  };

  // Studio-wide settings and the home page's texts.
  for (const unit of pending([tree.studio])) {
    await upsertSetting(tx, "studio", unit.data);
  }
  for (const { data } of pending([tree.home])) {
    const settings: HomeSettings = {
      hero: data.hero,
      about: data.about,
      vision: data.vision,
      banner: data.banner,
    };
    await upsertSetting(tx, "home", settings);
    await tx.delete(valuePanels).where(
      notInArray(
        valuePanels.slug,
        data.valuePanels.map((p) => p.slug),
      ),
    );
    await tx.delete(awards).where(
      notInArray(
        awards.slug,
        data.awards.map((a) => a.slug),
      ),
    );
    await upsert(
      tx,
      valuePanels,
      [valuePanels.slug],
      data.valuePanels.map((panel, sort) => ({
        slug: panel.slug,
        title: panel.title,
        body: panel.body,
        icon: panel.icon,
        sort,
      })),
    );
    await upsert(
      tx,
      awards,
      [awards.slug],
      data.awards.map((award, sort) => ({
        slug: award.slug,
        title: award.title,
        organization: award.organization,
        year: award.year,
        game: award.game ?? null,
        sort,
      })),
    );
  }

  // Filter vocabularies.
  for (const { data } of pending(tree.taxonomy)) {
    const slugs = data.terms.map((t) => t.slug);
    await tx
      .delete(taxonomyTerms)
      .where(and(eq(taxonomyTerms.kind, data.kind), notInArray(taxonomyTerms.slug, slugs)));
    await upsert(
      tx,
      taxonomyTerms,
      [taxonomyTerms.kind, taxonomyTerms.slug],
      data.terms.map((term, sort) => ({ kind: data.kind, slug: term.slug, label: term.label, sort })),
    );
  }

  // Offices (removed ones go last, after their job offers stop pointing at them).
  await upsert(
    tx,
    offices,
    [offices.slug],
    pending(tree.offices).map(({ data }) => ({
      slug: data.slug,
      name: data.name,
      country: data.country,
      continent: data.continent,
      address: data.address,
      latitude: data.latitude,
      longitude: data.longitude,
      timezone: data.timezone,
      email: data.email ?? null,
      phone: data.phone ?? null,
      summary: data.summary,
      image: data.image ?? null,
      inEu: data.inEu,
      sort: data.sort,
    })),
  );

  // Games.
  report.removed += await deleteMissing(
    tx,
    games,
    games.slug,
    tree.games.map((g) => g.data.slug),
  );
  await upsert(
    tx,
    games,
    [games.slug],
    pending(tree.games).map(({ data }) => ({
      slug: data.slug,
      name: data.name,
      tagline: data.tagline,
      description: data.description,
      platforms: data.platforms,
      releaseDate: data.releaseDate ?? null,
      website: data.website ?? null,
      image: data.image ?? null,
      sort: data.sort,
    })),
  );

  // FAQ: categories first (removing one removes its answers), then answers.
  report.removed += await deleteMissing(
    tx,
    faqCategories,
    faqCategories.slug,
    tree.faqCategories.map((c) => c.data.slug),
  );
  await upsert(
    tx,
    faqCategories,
    [faqCategories.slug],
    pending(tree.faqCategories).map(({ data }) => ({
      slug: data.slug,
      section: data.section,
      title: data.title,
      description: data.description ?? null,
      sort: data.sort,
    })),
  );
  report.removed += await deleteMissing(
    tx,
    faqItems,
    faqItems.slug,
    tree.faqItems.map((i) => i.data.slug),
  );
  const changedItems = pending(tree.faqItems);
  if (changedItems.length > 0) {
    const categoryIds = new Map(
      (await tx.select({ id: faqCategories.id, slug: faqCategories.slug }).from(faqCategories)).map((c) => [
        c.slug,
        c.id,
      ]),
    );
    await upsert(
      tx,
      faqItems,
      [faqItems.slug],
      changedItems.map(({ data }) => ({
        slug: data.slug,
        categoryId: categoryIds.get(data.category)!,
        title: data.title,
        description: data.description,
        sort: data.sort,
      })),
    );
  }

  // Job offers: oldest first, so a fresh database numbers them in publication order.
  const jobSlugs = tree.jobs.map((j) => j.data.slug);
  const closed = await tx
    .update(jobOffers)
    .set({ status: "closed", updatedAt: new Date() })
    .where(
      and(
        eq(jobOffers.source, "content"),
        eq(jobOffers.status, "open"),
        jobSlugs.length ? notInArray(jobOffers.slug, jobSlugs) : undefined,
      ),
    )
    .returning({ id: jobOffers.id });
  report.closedJobs += closed.length;
  const changedJobs = pending(tree.jobs).sort(
    (a, b) => a.data.publishedAt.localeCompare(b.data.publishedAt) || a.data.slug.localeCompare(b.data.slug),
  );
  if (changedJobs.length > 0) {
    const officeIds = new Map(
      (await tx.select({ id: offices.id, slug: offices.slug }).from(offices)).map((o) => [o.slug, o.id]),
    );
    const now = new Date();
    await upsert(
      tx,
      jobOffers,
      [jobOffers.source, jobOffers.slug],
      changedJobs.map(({ data }) => ({
        slug: data.slug,
        source: "content",
        externalId: null,
        officeId: officeIds.get(data.office)!,
        team: data.team,
        level: data.level,
        commitment: data.commitment,
        texts: data.texts,
        salary: data.salary ?? null,
        status: data.status,
        publishedAt: new Date(`${data.publishedAt}T00:00:00.000Z`),
        closesAt: data.closesAt ? endOfDay(data.closesAt) : null,
        applyUrl: data.applyUrl ?? null,
        updatedAt: now,
      })),
    );
  }

  // An office whose file is gone leaves with the (closed) offers still pointing at it: without
  // the office there is no page those offers could be shown on.
  const officeSlugs = tree.offices.map((o) => o.data.slug);
  const goneOffices = await tx
    .select({ id: offices.id })
    .from(offices)
    .where(notInArray(offices.slug, officeSlugs));
  if (goneOffices.length > 0) {
    const ids = goneOffices.map((o) => o.id);
    await tx.delete(jobOffers).where(inArray(jobOffers.officeId, ids));
    await tx.delete(offices).where(inArray(offices.id, ids));
    report.removed += ids.length;
  }

  // Legal pages and home banners: one row per document or banner file set.
  const legalSlugs = tree.legalDocuments.map((d) => d.data.slug);
  report.removed += (
    await tx
      .delete(legalDocuments)
      .where(legalSlugs.length ? notInArray(legalDocuments.slug, legalSlugs) : undefined)
      .returning({ slug: legalDocuments.slug })
  ).length;
  await upsert(
    tx,
    legalDocuments,
    [legalDocuments.slug],
    pending(tree.legalDocuments).map(({ data }) => ({
      slug: data.slug,
      title: data.title,
      body: data.body,
      version: data.version,
      lastChanged: data.lastChanged,
    })),
  );
  const bannerSlugs = tree.banners.map((b) => b.data.slug);
  report.removed += (
    await tx
      .delete(banners)
      .where(bannerSlugs.length ? notInArray(banners.slug, bannerSlugs) : undefined)
      .returning({ slug: banners.slug })
  ).length;
  await upsert(
    tx,
    banners,
    [banners.slug],
    pending(tree.banners).map(({ data }) => ({
      slug: data.slug,
      title: data.title,
      body: data.body,
      link: data.link ?? null,
      linkLabel: data.linkLabel ?? null,
      // Dates are whole days in UTC: from the start of startsOn to the end of endsOn.
      startsAt: data.startsOn ? new Date(`${data.startsOn}T00:00:00.000Z`) : null,
      endsAt: data.endsOn ? endOfDay(data.endsOn) : null,
      sort: data.sort,
    })),
  );

  // Playtest sites (with their sessions) and surveys.
  const siteSlugs = tree.playtestSites.map((s) => s.data.slug);
  report.removed += (
    await tx
      .delete(playtestSites)
      .where(siteSlugs.length ? notInArray(playtestSites.slug, siteSlugs) : undefined)
      .returning({ slug: playtestSites.slug })
  ).length;
  await upsert(
    tx,
    playtestSites,
    [playtestSites.slug],
    pending(tree.playtestSites).map(({ data }) => ({
      slug: data.slug,
      office: data.office,
      name: data.name,
      sessions: data.sessions,
      sort: data.sort,
    })),
  );
  const surveyCodes = tree.surveys.map((s) => s.data.code);
  report.removed += (
    await tx
      .delete(surveys)
      .where(surveyCodes.length ? notInArray(surveys.code, surveyCodes) : undefined)
      .returning({ code: surveys.code })
  ).length;
  await upsert(
    tx,
    surveys,
    [surveys.code],
    pending(tree.surveys).map(({ data }) => ({ code: data.code, definition: data.definition })),
  );

  // Blog and news articles.
  const newsSlugs = tree.newsArticles.map((a) => a.data.slug);
  report.removed += (
    await tx
      .delete(newsArticles)
      .where(newsSlugs.length ? notInArray(newsArticles.slug, newsSlugs) : undefined)
      .returning({ slug: newsArticles.slug })
  ).length;
  await upsert(
    tx,
    newsArticles,
    [newsArticles.slug],
    pending(tree.newsArticles).map(({ data }) => ({
      slug: data.slug,
      category: data.category,
      tags: data.tags,
      publishedOn: data.publishedOn,
      author: data.author,
      cover: data.cover,
      title: data.title,
      summary: data.summary,
      body: data.body,
      searchText: newsSearchText(data),
    })),
  );

  // Kinds defined by features, after the built-in ones they may refer to.
  for (const [i, kind] of contentKinds.entries()) {
    const counts = await kind.store(tx, tree.kinds[i] ?? [], changed);
    report.upserted += counts.upserted;
    report.removed += counts.removed;
  }

  return report;
}

/**
 * Inserts rows, or updates every given column of the rows already there, in one statement
 * (one round trip per table keeps a first load on PGlite fast).
 */
async function upsert<T extends PgTable>(
  tx: Tx,
  table: T,
  target: PgColumn[],
  rows: Array<T["$inferInsert"]>,
) {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const set = Object.fromEntries(
    Object.keys(rows[0] as object).map((key) => [key, sql.raw(`excluded."${columns[key]!.name}"`)]),
  );
  await tx
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({ target, set: set as PgUpdateSetSource<T> });
}

async function upsertSetting(tx: Tx, key: string, value: unknown) {
  await tx
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: sql`excluded.value` } });
}

/** Deletes the rows whose slug is no longer in the content tree; returns how many. */
async function deleteMissing(
  tx: Tx,
  table: typeof games | typeof faqCategories | typeof faqItems,
  slugColumn: typeof games.slug | typeof faqCategories.slug | typeof faqItems.slug,
  slugs: string[],
): Promise<number> {
  const where = slugs.length ? notInArray(slugColumn, slugs) : undefined;
  const deleted = await tx.delete(table).where(where).returning({ slug: slugColumn });
  return deleted.length;
}
