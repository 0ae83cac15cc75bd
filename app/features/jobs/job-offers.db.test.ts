import { and, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import { offices } from "~/features/offices/tables";
import type { Database, Db } from "~/platform/db/client.server";
import { languages } from "~/platform/i18n/languages";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { getJobOffer } from "./job-offers.server";
import { searchJobOffers } from "./job-search.server";
import { offerPageLanguages } from "./offer-languages";
import { isOpenOffer, openOfferSql } from "./open-offers.server";
import { jobOffers } from "./tables";
import { listTaxonomy } from "./taxonomy.server";

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await loadContent(db, testContent, contentKinds, { info: () => {}, warn: () => {} });
});

afterAll(async () => {
  await database.close();
});

async function officeId(slug: string): Promise<number> {
  const [row] = await db.select({ id: offices.id }).from(offices).where(eq(offices.slug, slug));
  return row!.id;
}

const text = (title: string) => ({ title, description: title, responsibilities: [], requirements: [] });

describe("the open-offer rule", () => {
  it("is the same in TypeScript and in SQL, around the closing instant", async () => {
    const gent = await officeId("gent");
    const now = new Date("2026-06-15T12:00:00.000Z");
    const offer = fc.record({
      status: fc.constantFrom("open" as const, "closed" as const),
      closesIn: fc.option(fc.oneof(fc.constantFrom(-1, 0, 1), fc.integer({ min: -1e10, max: 1e10 }))),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(offer, { minLength: 1, maxLength: 12 }), async (generated) => {
        const source = `rule-test-${run++}`;
        const rows = generated.map((o, i) => ({
          slug: `offer-${i}`,
          source,
          officeId: gent,
          team: "combat",
          level: "senior",
          commitment: "full-time",
          texts: { en: text(`Offer ${i}`) },
          status: o.status,
          publishedAt: new Date("2026-01-01T00:00:00.000Z"),
          closesAt: o.closesIn === null ? null : new Date(now.getTime() + o.closesIn),
        }));
        const inserted = await db.insert(jobOffers).values(rows).returning();
        const open = await db
          .select({ id: jobOffers.id })
          .from(jobOffers)
          .where(and(eq(jobOffers.source, source), openOfferSql(now)));
        expect(open.map((r) => r.id).sort((a, b) => a - b)).toEqual(
          inserted.filter((row) => isOpenOffer(row, now)).map((row) => row.id),
        );
        await db.delete(jobOffers).where(eq(jobOffers.source, source));
      }),
      { numRuns: 25 },
    );
  });
});

describe("where an offer is listed", () => {
  it("the careers lists show an open offer in exactly the languages its page is published in", async () => {
    // An offer at the French-first office written in French only, and one in French and Spanish.
    const quebec = await officeId("quebec");
    const extra = await db
      .insert(jobOffers)
      .values(
        [{ fr: text("Testeur") }, { fr: text("Artiste"), es: text("Artista") }].map((texts, i) => ({
          slug: `quebec-extra-${i}`,
          source: "listing-test",
          officeId: quebec,
          team: "art",
          level: "junior",
          commitment: "full-time",
          texts,
          publishedAt: new Date("2026-01-01T00:00:00.000Z"),
        })),
      )
      .returning({ id: jobOffers.id });
    const now = new Date();
    const rows = await db
      .select({ job: jobOffers, office: offices })
      .from(jobOffers)
      .innerJoin(offices, eq(offices.id, jobOffers.officeId));
    const open = rows.filter(({ job }) => isOpenOffer(job, now));
    expect(open.length).toBeGreaterThan(5);
    for (const lang of languages) {
      const listed = await searchJobOffers(db, { lang, pageSize: 100 });
      const expected = open
        .filter(({ job, office }) =>
          offerPageLanguages(
            office.slug,
            languages.filter((l) => job.texts[l] !== undefined),
          ).includes(lang),
        )
        .map(({ job }) => job.id);
      expect(
        listed.items.map((o) => o.id).sort((a, b) => a - b),
        lang,
      ).toEqual(expected.sort((a, b) => a - b));
    }
    const [frOnly, frEs] = extra.map((row) => row.id);
    const idsIn = async (lang: "en" | "fr" | "es") =>
      (await searchJobOffers(db, { lang, location: "quebec", pageSize: 100 })).items.map((o) => o.id);
    expect(await idsIn("fr")).toEqual(expect.arrayContaining([frOnly, frEs]));
    expect(await idsIn("es")).toContain(frEs);
    expect(await idsIn("es")).not.toContain(frOnly);
    expect(await idsIn("en")).not.toContain(frEs);
    await db.delete(jobOffers).where(inArray(jobOffers.id, [frOnly!, frEs!]));
  });
});

describe("job offer queries over the studio's content", () => {
  it("listTaxonomy returns a vocabulary in its order", async () => {
    expect(await listTaxonomy(db, "level", "fr")).toEqual([
      { slug: "junior", label: "Junior" },
      { slug: "intermediate", label: "Intermédiaire" },
      { slug: "senior", label: "Senior" },
      { slug: "management", label: "Gestion" },
      { slug: "open-application", label: "Candidature spontanée" },
    ]);
    const teams = await listTaxonomy(db, "team", "en");
    expect(teams[0]).toEqual({ slug: "animation", label: "Animation" });
    expect(teams.at(-1)).toEqual({ slug: "other", label: "Other" });
  });

  it("searchJobOffers lists open offers newest first, without the closed one", async () => {
    const { items } = await searchJobOffers(db, { lang: "en" });
    expect(items.length).toBeGreaterThanOrEqual(6);
    const dates = items.map((o) => o.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(items.map((o) => o.slug)).not.toContain("gent-audio-designer");
  });

  it("getJobOffer returns an offer in the requested language, else English (French at the Quebec office)", async () => {
    const [combat] = (await searchJobOffers(db, { lang: "en", team: "combat" })).items;
    const es = await getJobOffer(db, combat!.id, "es");
    expect(es).toMatchObject({
      title: "Diseñador o diseñadora sénior de combate",
      textLanguage: "es",
      isOpen: true,
      office: { slug: "gent", name: "Gante", inEu: true },
      team: { slug: "combat", label: "Combate" },
      salary: { min: 62000, max: 76000, currency: "EUR", period: "YEAR" },
    });
    expect(es!.responsibilities.length).toBeGreaterThan(0);
    const [quebec] = (
      await searchJobOffers(db, { lang: "fr", team: "gameplay-programming", location: "quebec" })
    ).items;
    // Charter of the French Language: no version is more available than the French one.
    const fallback = await getJobOffer(db, quebec!.id, "es");
    expect(fallback).toMatchObject({
      title: "Programmeur ou programmeuse gameplay senior",
      textLanguage: "fr",
      languages: ["en", "fr"],
    });
    expect(fallback!.office.name).toBe("Quebec");
  });

  it("getJobOffer returns a closed offer as closed, and null for ids that do not exist", async () => {
    const ids = (await searchJobOffers(db, { lang: "en" })).items.map((o) => o.id);
    const all = await Promise.all(
      Array.from({ length: Math.max(...ids) + 1 }, (_, i) => getJobOffer(db, i + 1, "en")),
    );
    const closed = all.find((o) => o?.slug === "gent-audio-designer");
    expect(closed).toMatchObject({ isOpen: false });
    expect(closed!.closesAt).toBe("2026-07-31T23:59:59.999Z");
    for (const id of [0, -1, 999_999, 2 ** 31, Number.NaN, 1.5])
      expect(await getJobOffer(db, id, "en")).toBeNull();
  });
});
