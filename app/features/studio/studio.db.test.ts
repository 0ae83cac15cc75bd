import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/loader.server";
import type { Database, Db } from "~/platform/db/client.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import {
  ContentMissingError,
  getHomeContent,
  getJobOffer,
  getOfficeBySlug,
  getStudioInfo,
  listFaq,
  listOffices,
  listOpenJobOffers,
  listTaxonomy,
} from "./studio.server";

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database.close();
});

describe("before content is loaded", () => {
  it("getStudioInfo says content is missing instead of returning half an object", async () => {
    await expect(getStudioInfo(db, "en")).rejects.toBeInstanceOf(ContentMissingError);
  });
});

describe("studio queries over the studio's content", () => {
  beforeAll(async () => {
    await loadContent(db, path.resolve("content"), { info: () => {} });
  });

  it("getStudioInfo returns the studio in the requested language", async () => {
    const [en, fr] = await Promise.all([getStudioInfo(db, "en"), getStudioInfo(db, "fr")]);
    expect(en.name).toBe("Stormkettle Studios");
    expect(en.logo).toBe("/brand/logo.svg");
    expect(en.companySize).toBe(500);
    expect(en.website).toMatch(/^https:\/\//);
    expect(en.email.recruiting).toMatch(/@/);
    expect(en.socialLinks.length).toBeGreaterThan(3);
    expect(en.tagline).not.toBe(fr.tagline);
    expect(fr.games.map((g) => g.slug)).toEqual(en.games.map((g) => g.slug));
    expect(en.games[0]).toEqual({
      slug: "ashen-covenant",
      name: "Ashen Covenant",
      tagline: "Gather a fellowship. Break an oath. Rewrite a kingdom.",
      image: "/images/games/ashen-covenant.svg",
    });
    // Loaders hand these to the browser: they must survive JSON unchanged.
    expect(JSON.parse(JSON.stringify(en))).toEqual(en);
  });

  it("getHomeContent has the hero, about, vision, banner, four value panels, awards and games", async () => {
    const home = await getHomeContent(db, "es");
    expect(home.hero.title).toBe("Creamos los mundos en los que queremos jugar");
    expect(home.about.body).toContain("\n\n");
    expect(home.vision.title).toBe("Nuestra visión");
    expect(home.banner.link).toBe("/careers");
    expect(home.valuePanels).toHaveLength(4);
    expect(home.awards.length).toBeGreaterThanOrEqual(4);
    expect(home.awards[0]).toMatchObject({ game: "Ashen Covenant", year: 2025 });
    expect(home.games[0]?.platforms).toContain("PC");
  });

  it("listOffices returns the seven offices in their order, localized", async () => {
    const offices = await listOffices(db, "fr");
    expect(offices.map((o) => o.name)).toEqual([
      "Guildford",
      "Dublin",
      "Québec",
      "Kuala Lumpur",
      "Gand",
      "Barcelone",
      "Varsovie",
    ]);
    const gent = offices.find((o) => o.slug === "gent")!;
    expect(gent).toMatchObject({ country: "Belgique", countryCode: "BE", continent: "europe", inEu: true });
    expect(gent.address.postalCode).toBe("9000");
    expect(gent.timezone).toBe("Europe/Brussels");
  });

  it("getOfficeBySlug finds 'quebec' and returns null for an unknown slug", async () => {
    expect((await getOfficeBySlug(db, "quebec", "en"))?.address.region).toBe("QC");
    expect(await getOfficeBySlug(db, "paris", "en")).toBeNull();
  });

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

  it("listFaq returns a section's categories with their answers in order", async () => {
    const playtesting = await listFaq(db, "playtesting", "fr");
    expect(playtesting.map((c) => c.slug)).toEqual(["playtesting-about", "playtesting-taking-part"]);
    expect(playtesting[0]!.items[0]).toMatchObject({
      slug: "what-is-playtesting",
      title: "Qu'est-ce qu'un test de jeu?",
    });
    const eligibility = playtesting[1]!.items.find((i) => i.slug === "who-can-take-part-in-a-playtest")!;
    expect(eligibility.description).toContain("18");
    expect(typeof eligibility.id).toBe("number");
    const support = await listFaq(db, "support", "en");
    expect(support.map((c) => c.title)).toEqual(["Account", "Technical issues", "Purchases", "Feedback"]);
  });

  it("listOpenJobOffers lists open offers newest first, without the closed one", async () => {
    const offers = await listOpenJobOffers(db, { lang: "en" });
    expect(offers.length).toBeGreaterThanOrEqual(6);
    const dates = offers.map((o) => o.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(offers.map((o) => o.slug)).not.toContain("gent-audio-designer");
    expect(await listOpenJobOffers(db, { lang: "en", limit: 2 })).toHaveLength(2);
    const internships = await listOpenJobOffers(db, { lang: "en", commitments: ["internship"] });
    expect(internships.length).toBeGreaterThanOrEqual(2);
    expect(internships.every((o) => o.commitment.label === "Internship")).toBe(true);
    const quebec = await listOpenJobOffers(db, { lang: "en", office: "quebec" });
    expect(quebec.every((o) => o.office.slug === "quebec")).toBe(true);
  });

  it("getJobOffer returns an offer in the requested language, else English (French at the Quebec office)", async () => {
    const [combat] = await listOpenJobOffers(db, { lang: "en", teams: ["combat"] });
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
    const [quebec] = await listOpenJobOffers(db, {
      lang: "es",
      teams: ["gameplay-programming"],
      office: "quebec",
    });
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
    const ids = (await listOpenJobOffers(db, { lang: "en" })).map((o) => o.id);
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
