import { asc, eq } from "drizzle-orm";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { type Language, pick } from "~/platform/i18n/languages";
import { offices } from "./tables";
import type { Office } from "./types";

/** An office row with its texts picked for the requested language. */
export function toOffice(row: typeof offices.$inferSelect, lang: Language): Office {
  const text = (value: Partial<Record<Language, string>>) => pick(value, lang) ?? "";
  return {
    slug: row.slug,
    name: text(row.name),
    country: text(row.country),
    countryCode: row.address.countryCode,
    continent: row.continent as Office["continent"],
    address: { ...row.address },
    latitude: row.latitude,
    longitude: row.longitude,
    timezone: row.timezone,
    email: row.email,
    phone: row.phone,
    summary: text(row.summary),
    inEu: row.inEu,
    artFocus: row.art?.focus ?? null,
  };
}

/** Every office in the studio's order (memoized per content version). */
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

/** Every office's slug, in the offices' order: a location page each (sitemap.xml lists them). */
export async function listOfficeSlugs(db: Db): Promise<string[]> {
  const rows = await db.select({ slug: offices.slug }).from(offices).orderBy(offices.sort, offices.slug);
  return rows.map((row) => row.slug);
}
