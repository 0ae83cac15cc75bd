import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent, stampContent } from "~/features/content/index.server";
import type { Database, Db } from "~/platform/db/client.server";
import { contentKinds } from "../../../server/content-kinds";
import { contentCopies, testContent } from "../../../tests/support/content-copies";
import { createTestDatabase } from "../../../tests/support/test-db";
import { listActiveBanners } from "./banners.server";
import { banners } from "./tables";

const quiet = { info: () => {}, warn: () => {} };
let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

const copyContent = contentCopies();

describe("banners", () => {
  it("shows the banners whose dates include the moment, in their order, in the language asked", async () => {
    await loadContent(db, testContent, contentKinds, quiet);
    const at = (iso: string) => listActiveBanners(db, "fr", new Date(iso));
    expect((await at("2026-03-10T00:00:00Z")).map((b) => b.slug)).toEqual([
      "01-now-hiring",
      "03-tidebound-launch-week",
    ]);
    // Both ends are inclusive, whole days in UTC.
    expect((await at("2026-03-24T23:59:59Z")).map((b) => b.slug)).toContain("03-tidebound-launch-week");
    expect((await at("2026-03-25T00:00:00Z")).map((b) => b.slug)).toEqual(["01-now-hiring"]);
    const winter = await at("2026-12-01T12:00:00Z");
    expect(winter.map((b) => b.slug)).toEqual(["01-now-hiring", "02-winter-playtests"]);
    expect(winter[1]).toMatchObject({
      title: "Les tests de jeu d'hiver sont ouverts",
      link: "/playtesting",
      linkLabel: "Devenir testeur",
      startsAt: "2026-11-01T00:00:00.000Z",
      endsAt: "2094-02-28T23:59:59.999Z",
    });
  });

  it("follows added, reordered and removed banner files", async () => {
    const dir = copyContent();
    await stampContent(dir);
    await loadContent(db, dir, contentKinds, quiet);
    fs.rmSync(path.join(dir, "banners/03-tidebound-launch-week.yaml"));
    const hiring = path.join(dir, "banners/01-now-hiring.yaml");
    fs.writeFileSync(hiring, fs.readFileSync(hiring, "utf8").replace("sort: 1", "sort: 9"));
    await stampContent(dir);
    const report = await loadContent(db, dir, contentKinds, quiet);
    expect(report).toMatchObject({ changed: true, upserted: 1, removed: 1 });
    expect(await db.$count(banners)).toBe(2);
    const now = await listActiveBanners(db, "en", new Date("2026-12-01T00:00:00Z"));
    expect(now.map((b) => b.slug)).toEqual(["02-winter-playtests", "01-now-hiring"]);
  });

  it("has no banner when the folder has none", async () => {
    await db.execute(sql`delete from banners`);
    expect(await listActiveBanners(db, "es")).toEqual([]);
  });
});
