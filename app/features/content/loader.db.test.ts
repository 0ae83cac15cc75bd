import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import YAML from "yaml";
import { listFaq } from "~/features/faq/index.server";
import { listGames } from "~/features/games/index.server";
import { getJobOffer, searchJobOffers } from "~/features/jobs/index.server";
import { listOffices } from "~/features/offices/index.server";
import type { Database, Db } from "~/platform/db/client.server";
import { languages } from "~/platform/i18n/languages";
import { contentKinds } from "../../../server/content-kinds";
import { contentCopies, testContent } from "../../../tests/support/content-copies";
import * as schema from "../../../tests/support/tables";
import { createTestDatabase } from "../../../tests/support/test-db";
import { ContentError, loadContent } from "./loader.server";
import { readContentFiles, stampContent } from "./read-tree.server";

const quiet = { info: () => {}, warn: () => {} };

/** An edited folder as an editor commits it (stamped), loaded by the next start. */
async function reload(dir: string) {
  await stampContent(dir);
  return loadContent(db, dir, contentKinds, quiet);
}

/** A copy of the studio's content folder that a test may edit. */
const copyContent = contentCopies();

function editYaml(dir: string, file: string, edit: (data: Record<string, unknown>) => void) {
  const full = path.join(dir, file);
  const data = YAML.parse(fs.readFileSync(full, "utf8"));
  edit(data);
  fs.writeFileSync(full, YAML.stringify(data));
}

/** Every content table's rows, in a stable order: two equal snapshots mean nothing changed. */
async function snapshot(db: Db) {
  const tables = {
    contentSources: schema.contentSources,
    siteSettings: schema.siteSettings,
    offices: schema.offices,
    taxonomyTerms: schema.taxonomyTerms,
    faqCategories: schema.faqCategories,
    faqItems: schema.faqItems,
    jobOffers: schema.jobOffers,
    games: schema.games,
    valuePanels: schema.valuePanels,
    awards: schema.awards,
  };
  const out: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    const rows = (await db.select().from(table)) as Array<Record<string, unknown>>;
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

// Each test starts from an empty content schema (cheaper than a new database per test);
// cascade empties what features keep about content rows too (e.g. FAQ votes).
beforeEach(async () => {
  await db.execute(
    sql`truncate content_sources, content_version, site_settings, taxonomy_terms, faq_items, faq_categories, job_offers, offices, games, value_panels, awards restart identity cascade`,
  );
});

afterAll(async () => {
  await database.close();
});

describe("loadContent", () => {
  it("loads a whole content tree (the tests' own)", async () => {
    const report = await loadContent(db, testContent, contentKinds, quiet);
    expect(report.changed).toBe(true);
    expect(await db.$count(schema.offices)).toBe(7);
    expect(await db.$count(schema.taxonomyTerms, eq(schema.taxonomyTerms.kind, "level"))).toBe(5);
    expect(await db.$count(schema.taxonomyTerms, eq(schema.taxonomyTerms.kind, "commitment"))).toBe(6);
    expect(await db.$count(schema.valuePanels)).toBe(4);
    expect(await db.$count(schema.awards)).toBeGreaterThanOrEqual(4);
    expect(await db.$count(schema.games)).toBeGreaterThanOrEqual(4);
    expect(await db.$count(schema.jobOffers)).toBe(8);
    const internships = await listFaq(db, "internships", "en");
    expect(internships.flatMap((c) => c.items)).toHaveLength(3);
    // Every file but the folder's stamp, which is recorded as the tree's version.
    const files = fs.readdirSync(testContent, { recursive: true, withFileTypes: true });
    expect(await db.$count(schema.contentSources)).toBe(files.filter((f) => f.isFile()).length - 1);
    const [version] = await db.select().from(schema.contentVersion);
    expect(version?.stampedAt).toEqual((await readContentFiles(testContent)).stamp?.stampedAt);
  });

  it("stores how a game's, an office's and an article's pictures are cut, as their content says", async () => {
    await loadContent(db, testContent, contentKinds, quiet);
    const [tidebound] = await listGames(db, "en").then((games) =>
      games.filter((g) => g.slug === "tidebound"),
    );
    expect(tidebound?.art).toEqual({
      bannerY: 200,
      thumb: { x: 630, y: 100, width: 1100, height: 1100 },
      focus: { x: 49, y: 40 },
    });
    const offices = await listOffices(db, "en");
    expect(offices.find((o) => o.slug === "dublin")?.artFocus).toEqual({ x: 50, y: 55 });
    // An office whose content says nothing is framed by default.
    expect(offices.find((o) => o.slug === "warsaw")?.artFocus).toBeNull();
    const [article] = await db
      .select({ coverArt: schema.newsArticles.coverArt })
      .from(schema.newsArticles)
      .where(eq(schema.newsArticles.slug, "quebec-playtest-lab"));
    expect(article?.coverArt).toEqual({
      scene: "pages/playtesting",
      box: { x: 60, y: 60, width: 1800 },
      focus: { x: 50, y: 50 },
    });
  });

  it("is a no-op the second time: nothing in the database changes", async () => {
    await loadContent(db, testContent, contentKinds, quiet);
    const before = await snapshot(db);
    const report = await loadContent(db, testContent, contentKinds, quiet);
    expect(report).toMatchObject({ changed: false, upserted: 0, removed: 0, closed: 0 });
    expect(await snapshot(db)).toEqual(before);
  });

  it("updates what a changed file holds and leaves the rest as it was", async () => {
    const dir = copyContent();
    await loadContent(db, dir, contentKinds, quiet);
    const jobsBefore = await db.select().from(schema.jobOffers);
    editYaml(dir, "offices/gent.yaml", (d) => {
      (d.summary as Record<string, string>).es = "Nuestra sede, renovada.";
    });
    const report = await reload(dir);
    expect(report).toMatchObject({ changed: true, upserted: 1, removed: 0, closed: 0 });
    const gent = (await listOffices(db, "es")).find((o) => o.slug === "gent");
    expect(gent?.summary).toBe("Nuestra sede, renovada.");
    // Untouched offers keep their ids and their updatedAt.
    expect(await db.select().from(schema.jobOffers)).toEqual(jobsBefore);
  });

  it("updates an offer when only one of its language files changes, keeping its id", async () => {
    const dir = copyContent();
    await loadContent(db, dir, contentKinds, quiet);
    const [before] = (await searchJobOffers(db, { lang: "en", location: "warsaw" })).items;
    const file = path.join(dir, "jobs/warsaw-tools-programmer/en.md");
    fs.writeFileSync(
      file,
      fs.readFileSync(file, "utf8").replace('title: "Tools Programmer"', "title: Tools Engineer"),
    );
    await reload(dir);
    const after = await getJobOffer(db, before!.id, "en");
    expect(after?.title).toBe("Tools Engineer");
    expect(after?.languages).toEqual(["en", "fr", "es"]);
  });

  it("closes, never deletes, an offer whose files are removed", async () => {
    const dir = copyContent();
    await loadContent(db, dir, contentKinds, quiet);
    const [offer] = (await searchJobOffers(db, { lang: "en", location: "dublin" })).items;
    expect(offer).toBeDefined();
    fs.rmSync(path.join(dir, "jobs/dublin-gameplay-qa-tester"), { recursive: true });
    const report = await reload(dir);
    expect(report.closed).toBe(1);
    const closed = await getJobOffer(db, offer!.id, "en");
    expect(closed).toMatchObject({ id: offer!.id, isOpen: false, title: offer!.title });
    expect((await searchJobOffers(db, { lang: "en", pageSize: 100 })).items.map((j) => j.id)).not.toContain(
      offer!.id,
    );
    // Putting the files back reopens the same offer at the same address.
    fs.cpSync(
      path.join(testContent, "jobs/dublin-gameplay-qa-tester"),
      path.join(dir, "jobs/dublin-gameplay-qa-tester"),
      {
        recursive: true,
      },
    );
    await reload(dir);
    expect((await getJobOffer(db, offer!.id, "en"))?.isOpen).toBe(true);
  });

  it("removes FAQ answers, games and offices whose files are removed", async () => {
    const dir = copyContent();
    await loadContent(db, dir, contentKinds, quiet);
    fs.rmSync(path.join(dir, "faq/support-feedback"), { recursive: true });
    for (const lang of languages)
      fs.rmSync(path.join(dir, `faq/internships/03-how-long-does-an-internship-last.${lang}.md`));
    // An office goes together with what points at it (its jobs and its playtest site).
    const [offer] = (await searchJobOffers(db, { lang: "en", location: "warsaw" })).items;
    expect(offer).toBeDefined();
    fs.rmSync(path.join(dir, "jobs/warsaw-tools-programmer"), { recursive: true });
    fs.rmSync(path.join(dir, "playtests/warsaw.yaml"));
    fs.rmSync(path.join(dir, "offices/warsaw.yaml"));
    const report = await reload(dir);
    // The offer gone from the folder is closed first; then, its office gone, it has no page
    // left and leaves with the office (job_offers.office_id cascades).
    expect(report.closed).toBe(1);
    expect(await getJobOffer(db, offer!.id, "en")).toBeNull();
    expect((await listFaq(db, "support", "en")).map((c) => c.slug)).not.toContain("support-feedback");
    expect((await listFaq(db, "internships", "en"))[0]?.items).toHaveLength(2);
    expect((await listOffices(db, "en")).map((o) => o.slug)).not.toContain("warsaw");
    const again = await reload(dir);
    expect(again.changed).toBe(false);
  });

  it("refuses a broken file, naming file and field, and stores nothing", async () => {
    const dir = copyContent();
    editYaml(dir, "offices/gent.yaml", (d) => {
      delete (d.address as Record<string, unknown>).postalCode;
    });
    const failure = loadContent(db, dir, contentKinds, quiet);
    await expect(failure).rejects.toBeInstanceOf(ContentError);
    await expect(failure).rejects.toThrow("content/offices/gent.yaml: address.postalCode: Required");
    for (const rows of Object.values(await snapshot(db))) expect(rows).toEqual([]);
  });

  it("refuses a broken file on an already loaded database and leaves it as it was", async () => {
    const dir = copyContent();
    await loadContent(db, dir, contentKinds, quiet);
    const before = await snapshot(db);
    editYaml(dir, "games/tidebound.yaml", (d) => {
      d.name = "Tidebound II";
    });
    editYaml(dir, "jobs/barcelona-technical-art-intern/offer.yaml", (d) => {
      delete d.salary;
    });
    await expect(loadContent(db, dir, contentKinds, quiet)).rejects.toThrow(
      /content\/jobs\/barcelona-technical-art-intern\/offer\.yaml: salary: Required: offers at an EU office \(barcelona\)/,
    );
    expect(await snapshot(db)).toEqual(before);
  });

  it("refuses an offer at the Quebec office without French text", async () => {
    const dir = copyContent();
    fs.rmSync(path.join(dir, "jobs/quebec-qa-intern/fr.md"));
    await expect(loadContent(db, dir, contentKinds, quiet)).rejects.toThrow(
      /content\/jobs\/quebec-qa-intern\/fr\.md: \(file\): Required: offers at the Quebec office/,
    );
    expect(await db.$count(schema.jobOffers)).toBe(0);
  });

  it("stores every localized text in en, fr and es", async () => {
    await loadContent(db, testContent, contentKinds, quiet);
    const missing: string[] = [];
    const check = (where: string, value: unknown) => {
      const record = value as Record<string, unknown>;
      for (const lang of languages) {
        if (typeof record?.[lang] !== "string" || !(record[lang] as string).trim())
          missing.push(`${where}.${lang}`);
      }
    };
    for (const o of await db.select().from(schema.offices)) {
      check(`office ${o.slug} name`, o.name);
      check(`office ${o.slug} country`, o.country);
      check(`office ${o.slug} summary`, o.summary);
    }
    for (const t of await db.select().from(schema.taxonomyTerms)) check(`${t.kind} ${t.slug}`, t.label);
    for (const c of await db.select().from(schema.faqCategories)) {
      check(`faq category ${c.slug} title`, c.title);
      if (c.description) check(`faq category ${c.slug} description`, c.description);
    }
    for (const i of await db.select().from(schema.faqItems)) {
      check(`faq ${i.slug} title`, i.title);
      check(`faq ${i.slug} description`, i.description);
    }
    for (const g of await db.select().from(schema.games)) {
      check(`game ${g.slug} tagline`, g.tagline);
      check(`game ${g.slug} description`, g.description);
    }
    for (const p of await db.select().from(schema.valuePanels)) {
      check(`panel ${p.slug} title`, p.title);
      check(`panel ${p.slug} body`, p.body);
    }
    for (const a of await db.select().from(schema.awards)) check(`award ${a.slug}`, a.title);
    const settings = new Map((await db.select().from(schema.siteSettings)).map((s) => [s.key, s.value]));
    const studio = settings.get("studio") as Record<string, unknown>;
    check("studio tagline", studio.tagline);
    const home = settings.get("home") as Record<string, Record<string, unknown>>;
    for (const [part, fields] of Object.entries(home)) {
      for (const [field, value] of Object.entries(fields)) {
        if (field !== "link") check(`home ${part}.${field}`, value);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("loadContent across processes: content only moves forward", () => {
  /** A logger that keeps what it warned. */
  const watching = () => {
    const warnings: string[] = [];
    return { warnings, logger: { info: () => {}, warn: (_: object, msg: string) => warnings.push(msg) } };
  };
  const gentSummary = async () => (await listOffices(db, "es")).find((o) => o.slug === "gent")?.summary;
  /** Two stamped folders, the second a later edit of the first (a newer checkout). */
  async function olderAndNewer() {
    const older = copyContent();
    await stampContent(older, new Date("2094-01-01T00:00:00Z"));
    const newer = copyContent();
    editYaml(newer, "offices/gent.yaml", (d) => {
      (d.summary as Record<string, string>).es = "Nuestra sede, renovada.";
    });
    fs.rmSync(path.join(newer, "jobs/dublin-gameplay-qa-tester"), { recursive: true });
    fs.cpSync(path.join(older, "jobs/warsaw-tools-programmer"), path.join(newer, "jobs/warsaw-tools-lead"), {
      recursive: true,
    });
    await stampContent(newer, new Date("2094-01-02T00:00:00Z"));
    return { older, newer };
  }

  it("leaves a newer folder's content in place when a process starts on an older one, and says so", async () => {
    const { older, newer } = await olderAndNewer();
    await loadContent(db, older, contentKinds, quiet);
    expect((await loadContent(db, newer, contentKinds, quiet)).changed).toBe(true);
    const before = await snapshot(db);

    const { warnings, logger } = watching();
    const report = await loadContent(db, older, contentKinds, logger);
    expect(report).toMatchObject({ changed: false, refused: "older", upserted: 0, closed: 0 });
    expect(await snapshot(db)).toEqual(before);
    expect(await gentSummary()).toBe("Nuestra sede, renovada.");
    expect(warnings).toEqual([
      "content not loaded: the database holds newer content than this process's folder, and this process serves it",
    ]);
  });

  it("loads a folder without a stamp into an empty database only", async () => {
    const dir = copyContent();
    fs.rmSync(path.join(dir, "VERSION"));
    expect((await loadContent(db, dir, contentKinds, quiet)).changed).toBe(true);
    editYaml(dir, "offices/gent.yaml", (d) => {
      (d.summary as Record<string, string>).es = "Nuestra sede, renovada.";
    });
    const { warnings, logger } = watching();
    expect(await loadContent(db, dir, contentKinds, logger)).toMatchObject({
      changed: false,
      refused: "unstamped",
    });
    expect(await gentSummary()).not.toBe("Nuestra sede, renovada.");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^content not loaded: the folder has no current stamp/);
  });

  it("counts a folder edited after its stamp as unstamped", async () => {
    const { older, newer } = await olderAndNewer();
    await loadContent(db, older, contentKinds, quiet);
    // The newer folder's stamp is later, but a file changed after it was written.
    editYaml(newer, "games/tidebound.yaml", (d) => {
      d.name = "Tidebound II";
    });
    expect(await loadContent(db, newer, contentKinds, quiet)).toMatchObject({ refused: "unstamped" });
    expect(await gentSummary()).not.toBe("Nuestra sede, renovada.");
  });

  it("loads whatever the folder holds with anyTree (development)", async () => {
    const { older, newer } = await olderAndNewer();
    await loadContent(db, newer, contentKinds, quiet);
    expect(await loadContent(db, older, contentKinds, quiet, { anyTree: true })).toMatchObject({
      changed: true,
      closed: 1,
    });
    expect(await gentSummary()).not.toBe("Nuestra sede, renovada.");
  });

  it("records a newer stamp over the same files without rewriting anything", async () => {
    const dir = copyContent();
    await stampContent(dir, new Date("2094-01-01T00:00:00Z"));
    await loadContent(db, dir, contentKinds, quiet);
    const before = await snapshot(db);
    await stampContent(dir, new Date("2094-01-03T00:00:00Z"));
    expect((await loadContent(db, dir, contentKinds, quiet)).changed).toBe(false);
    expect(await snapshot(db)).toEqual(before);
    const [version] = await db.select().from(schema.contentVersion);
    expect(version?.stampedAt?.toISOString()).toBe("2094-01-03T00:00:00.000Z");
  });
});
