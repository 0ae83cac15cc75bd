import { asc, eq } from "drizzle-orm";
import { offices } from "~/features/offices/index.server";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { formatDate } from "~/platform/i18n/format";
import { type Language, pick } from "~/platform/i18n/languages";
import type { SurveyDefinition } from "./survey-definition";
import { surveyDefinitionSchema } from "./survey-schema";
import { playtestSites, surveys } from "./tables";
import type { CurrentPlaytest, PlaytestSiteView } from "./types";

export type * from "./types";

/** Today's date (YYYY-MM-DD) in UTC. */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Every playtest site with the office that runs it and its current sessions (those not yet
 * over on `now`), in the sites' order; a site with nothing running has an empty list.
 */
export async function listPlaytestSites(
  db: Db,
  lang: Language,
  now = new Date(),
): Promise<PlaytestSiteView[]> {
  // Read once per content version (memoized); which sessions are still running is decided here.
  const [sites, officeRows] = await sharedContentMemo(db)("playtest-sites", () =>
    Promise.all([
      db.select().from(playtestSites).orderBy(asc(playtestSites.sort), asc(playtestSites.slug)),
      db.select().from(offices),
    ]),
  );
  const today = isoDay(now);
  return sites.map((site) => {
    const office = officeRows.find((o) => o.slug === site.office);
    return {
      slug: site.slug,
      name: pick(site.name, lang) ?? site.slug,
      office: office
        ? { slug: office.slug, name: pick(office.name, lang) ?? office.slug, address: office.address }
        : null,
      playtests: site.sessions
        .filter((s) => s.endsOn >= today)
        .toSorted((a, b) => a.startsOn.localeCompare(b.startsOn))
        .map((s) => ({
          id: s.slug,
          kind: s.kind,
          game: s.game ?? null,
          title: pick(s.title, lang) ?? s.slug,
          description: pick(s.summary, lang) ?? "",
          startsOn: s.startsOn,
          endsOn: s.endsOn,
          status: s.status,
        })),
    };
  });
}

/**
 * Every site's current sessions as their cards show them (CurrentPlaytests), soonest first, dates
 * written on the server; only those of one game for that game's page.
 */
export async function listCurrentPlaytests(
  db: Db,
  lang: Language,
  options: { game?: string; now?: Date } = {},
): Promise<CurrentPlaytest[]> {
  const sites = await listPlaytestSites(db, lang, options.now);
  return sites
    .flatMap((site) =>
      site.playtests
        .filter((p) => !options.game || p.game === options.game)
        .map((p) => ({
          ...p,
          siteSlug: site.slug,
          site: site.name,
          office: site.office?.name ?? null,
          dates:
            p.startsOn === p.endsOn
              ? formatDate(p.startsOn, lang)
              : `${formatDate(p.startsOn, lang)} – ${formatDate(p.endsOn, lang)}`,
        })),
    )
    .sort((a, b) => a.startsOn.localeCompare(b.startsOn));
}

/** Slugs of the sites people can sign up for. */
export async function listSiteSlugs(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: playtestSites.slug })
    .from(playtestSites)
    .orderBy(asc(playtestSites.sort));
  return rows.map((r) => r.slug);
}

/** A survey's definition, or null when there is no such survey. */
export async function getSurvey(db: Db, code: string): Promise<SurveyDefinition | null> {
  const [row] = await db.select().from(surveys).where(eq(surveys.code, code));
  // Stored by the loader after validation; parsing again applies the defaults and types it.
  return row ? surveyDefinitionSchema.parse(row.definition) : null;
}
