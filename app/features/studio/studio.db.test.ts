import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import { getHomeContent } from "~/features/home/index.server";
import { getOfficeBySlug, listOffices } from "~/features/offices/index.server";
import type { Database, Db } from "~/platform/db/client.server";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { ContentMissingError, getStudioInfo } from "./index.server";

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

describe("the studio, home page and office queries over the studio's content", () => {
  beforeAll(async () => {
    await loadContent(db, testContent, contentKinds, { info: () => {}, warn: () => {} });
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
      // How its key art is cut, as its content says.
      art: { bannerY: 300, thumb: { x: 650, y: 250, width: 1100, height: 1100 }, focus: { x: 50, y: 55 } },
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
});
