import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import type { JobSearchResult } from "~/features/jobs/index.server";
import { jobOffers } from "~/features/jobs/tables";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import { createLogger } from "~/platform/logging.server";
import { pdf, png } from "~/platform/uploads/test-samples";
import { createUploadStore, type UploadStore } from "~/platform/uploads/upload-store.server";
import { contentKinds } from "../../../server/content-kinds";
import { expectEach } from "../../../tests/support/expect-each";
import { serveApi, testServices } from "../../../tests/support/services";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createCareersApi } from "./careers-api.server";
import { jobApplications } from "./tables";

let database: Database;
let server: Awaited<ReturnType<typeof serveApi>>;
let base: string;
let store: UploadStore;
let uploadDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  const logger = createLogger("silent");
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-api-uploads-"));
  store = createUploadStore({
    db: database.db,
    files: createLocalFileStore(uploadDir),
    limits: { maxFiles: 1, maxKb: 5000 },
    logger,
  });
  // Memo on, as in production: every answer below must still follow the content.
  const config = parseConfig({
    PAGE_CACHE_TTL_SECONDS: "60",
    RATE_LIMIT_FORM_POINTS: "1000",
    RATE_LIMIT_API_POINTS: "1000",
  });
  server = await serveApi(createCareersApi(testServices(database, config, { logger, uploads: store })));
  base = server.url;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
  if (uploadDir) fs.rmSync(uploadDir, { recursive: true, force: true });
});

async function get<T>(pathAndQuery: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${pathAndQuery}`);
  return { status: res.status, body: (await res.json()) as T };
}

const offers = (query: Record<string, string>) =>
  get<JobSearchResult & { messages?: string[] }>(`/offices/job-offers?${new URLSearchParams(query)}`);
const titles = (result: JobSearchResult) => result.items.map((job) => job.slug).sort();

describe("offices", () => {
  it("lists the offices in a language, by continent and one by slug", async () => {
    const list = await get<{ slug: string; name: string }[]>("/open/offices/fr");
    expect(list.status).toBe(200);
    expect(list.body.find((o) => o.slug === "quebec")?.name).toBe("Québec");
    const byContinent = await get<{ continent: string; offices: { slug: string }[] }[]>(
      "/open/offices/by-continent/en",
    );
    expect(byContinent.body.map((g) => g.continent)).toEqual(["europe", "north-america", "asia"]);
    expect(byContinent.body.flatMap((g) => g.offices)).toHaveLength(list.body.length);
    const gent = await get<{ slug: string; inEu: boolean }>("/open/offices/by-slug/gent/es");
    expect(gent).toMatchObject({ status: 200, body: { slug: "gent", inEu: true } });
    expect((await get<unknown[]>("/offices")).body).toHaveLength(list.body.length);
  });

  it("answers unknown locales with 400 and unknown offices with 404, with messages", async () => {
    for (const address of ["/open/offices/de", "/open/offices/by-continent/xx", "/offices?lang=de"]) {
      const res = await get<{ messages: string[] }>(address);
      expect(res.status, address).toBe(400);
      expect(res.body.messages.length, address).toBeGreaterThan(0);
    }
    expect((await get("/open/offices/by-slug/Not_A_Slug/en")).status).toBe(400);
    const missing = await get<{ messages: string[] }>("/open/offices/by-slug/atlantis/en");
    expect(missing).toEqual({ status: 404, body: { messages: ['No office "atlantis"'] } });
  });
});

describe("GET /api/offices/job-offers", () => {
  it("lists open offers newest first, with a stable order across pages", async () => {
    const all = await offers({ pageSize: "100", lang: "fr" });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.items.length);
    const dates = all.body.items.map((job) => job.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(all.body.total / 3); page++) {
      const res = await offers({ pageSize: "3", page: String(page), lang: "fr" });
      expect(res.body).toMatchObject({ page, pageSize: 3, total: all.body.total });
      paged.push(...res.body.items.map((job) => job.id));
    }
    expect(paged).toEqual(all.body.items.map((job) => job.id));
    expect((await offers({ page: "999", lang: "fr" })).body.items).toEqual([]);
  });

  it("filters by location (or studio), team, level and commitment", async () => {
    const quebec = await offers({ location: "quebec", lang: "fr" });
    expect(quebec.body.items.length).toBeGreaterThan(0);
    expectEach(quebec.body.items, (job) => job.office.slug === "quebec");
    expect((await offers({ studio: "quebec", lang: "fr" })).body).toEqual(quebec.body);
    const team = await offers({ location: "quebec", team: "gameplay-programming", lang: "fr" });
    expect(titles(team.body)).toEqual(["quebec-senior-gameplay-programmer"]);
    const interns = await offers({ commitment: "internship", pageSize: "100" });
    expectEach(interns.body.items, (job) => job.commitment.slug === "internship");
    const seniors = await offers({ level: "senior", location: "all" });
    expectEach(seniors.body.items, (job) => job.level.slug === "senior");
  });

  it("searches ignoring case and accents, in every language", async () => {
    const upper = await offers({ query: "PROGRAMMEUR", lang: "fr" });
    const lower = await offers({ query: "programmeur", lang: "fr" });
    expect(titles(upper.body)).toEqual(expect.arrayContaining(["quebec-senior-gameplay-programmer"]));
    expect(titles(upper.body)).not.toContain("dublin-gameplay-qa-tester");
    expect(lower.body).toEqual(upper.body);
    const accented = await offers({ query: "Québec", lang: "fr", pageSize: "100" });
    const plain = await offers({ query: "quebec", lang: "fr", pageSize: "100" });
    expect(accented.body.total).toBeGreaterThan(0);
    expect(titles(accented.body)).toEqual(titles(plain.body));
    expect(titles(accented.body)).toEqual(expect.arrayContaining(["quebec-senior-gameplay-programmer"]));
    // A Spanish query finds the Spanish text, whatever the visitor's language.
    expect((await offers({ query: "PRÁCTICAS", lang: "en" })).body.total).toBeGreaterThan(0);
    expect((await offers({ query: "100%_\\", lang: "en" })).body.total).toBe(0);
  });

  it("lists a Quebec offer outside French only where it is written in that language", async () => {
    const es = await offers({ location: "quebec", lang: "es", pageSize: "100" });
    expect(es.body.items).toEqual([]);
    const en = await offers({ location: "quebec", lang: "en", pageSize: "100" });
    expectEach(en.body.items, (job) => job.textLanguage === "en");
  });

  it("leaves closed offers out, as soon as they close (the memo follows the content)", async () => {
    const [offer] = await database.db
      .select({ id: jobOffers.id })
      .from(jobOffers)
      .where(eq(jobOffers.slug, "warsaw-tools-programmer"));
    const before = await offers({ location: "warsaw", pageSize: "100" });
    expect(before.body.items.map((job) => job.id)).toContain(offer!.id);
    // As the content loader and the recruiting sync close an offer.
    const close = (status: "open" | "closed") =>
      database.db.update(jobOffers).set({ status, updatedAt: new Date() }).where(eq(jobOffers.id, offer!.id));
    await close("closed");
    try {
      // The content version is read at most once a second: the list changes within that.
      await expect
        .poll(
          async () => (await offers({ location: "warsaw", pageSize: "100" })).body.items.map((job) => job.id),
          {
            timeout: 5_000,
            interval: 100,
          },
        )
        .not.toContain(offer!.id);
      const single = await get<{ isOpen: boolean }>(`/open/offices/job-offers/${offer!.id}`);
      expect(single).toMatchObject({ status: 200, body: { isOpen: false } });
    } finally {
      await close("open");
    }
  });

  it.each([
    [{ location: "atlantis" }, 'location: unknown value "atlantis"'],
    [{ team: "knitting", level: "godlike" }, 'team: unknown value "knitting"'],
    [{ commitment: "<script>" }, "commitment: forms:validation.invalidOption"],
    [{ page: "0" }, "page"],
    [{ page: "abc" }, "page"],
    [{ pageSize: "1000" }, "pageSize"],
    [{ query: "x".repeat(101) }, "query"],
    [{ colour: "red" }, "colour"],
    [{ lang: "de" }, "lang"],
  ])("answers junk %j with a 400 naming it", async (query, message) => {
    const res = await offers(query as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body.messages?.join(" ")).toContain(message);
  });

  it("answers a repeated parameter with a 400", async () => {
    expect((await get("/offices/job-offers?team=art&team=audio")).status).toBe(400);
  });
});

describe("GET /api/open/offices/job-offers/{id}", () => {
  it("gives one offer with its rich text, dates, languages, source and salary", async () => {
    const list = await offers({ location: "gent", team: "combat" });
    const id = list.body.items[0]!.id;
    const res = await get<Record<string, unknown>>(`/open/offices/job-offers/${id}?lang=fr`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      slug: "gent-senior-combat-designer",
      language: "fr",
      source: "content",
      isOpen: true,
      office: { slug: "gent", address: expect.any(Object) },
      team: { slug: "combat", label: "Combat" },
      salary: expect.objectContaining({ currency: "EUR" }),
    });
    expect(res.body.description).toMatch(/^<p>/);
    expect(res.body.languages).toEqual(["en", "fr", "es"]);
    expect(Array.isArray(res.body.responsibilities)).toBe(true);
  });

  it("answers a missing id with 404 and junk with 400", async () => {
    expect(await get("/open/offices/job-offers/999999")).toEqual({
      status: 404,
      body: { messages: ["No job offer 999999"] },
    });
    for (const id of ["abc", "0", "-1", "1.5", "99999999999"]) {
      expect((await get(`/open/offices/job-offers/${id}`)).status, id).toBe(400);
    }
    expect((await get("/open/offices/job-offers/1?lang=klingon")).status).toBe(400);
  });
});

describe("POST /api/open/offices/job-offers/{id}/applications", () => {
  const post = async (id: number | string, body: unknown) => {
    const res = await fetch(`${base}/open/offices/job-offers/${id}/applications`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { messages?: string[] } };
  };
  const application = (resume: string[]) => ({
    name: "Ana García",
    email: "ana@example.com",
    phone: { country: "ES", number: "612 34 56 78" },
    resume,
    consent: true,
  });

  it("stores an application whose résumé was uploaded first", async () => {
    const id = (await offers({ location: "barcelona", pageSize: "1" })).body.items[0]!.id;
    const [upload] = await store.save([{ name: "cv.pdf", bytes: pdf }]);
    expect(await post(id, application([upload!.id]))).toEqual({ status: 201, body: { ok: true } });
    const rows = await database.db.select().from(jobApplications).where(eq(jobApplications.jobOfferId, id));
    expect(rows.map((r) => r.phone)).toEqual(["+34612345678"]);
  });

  it("answers bad input with 400s and unknown offers with 404", async () => {
    const id = (await offers({ location: "barcelona", pageSize: "1" })).body.items[0]!.id;
    const missing = await post(id, { name: "x" });
    expect(missing.status).toBe(400);
    expect(missing.body.messages?.join(" ")).toContain("email");
    const [image] = await store.save([{ name: "cv.png", bytes: png }]);
    expect(await post(id, application([image!.id]))).toEqual({
      status: 400,
      body: { messages: ["resume: resumeType"] },
    });
    expect((await post(999999, application([]))).status).toBe(404);
    expect((await post("abc", application([]))).status).toBe(400);
  });
});
