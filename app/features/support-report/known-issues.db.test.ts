import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeTree, loadContent, problemsOf, readContentFiles } from "~/features/content/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { contentKinds } from "../../../server/content-kinds";
import { serveApi, testServices } from "../../../tests/support/services";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createIssuesApi } from "./issues-api.server";
import type { KnownIssueQuery } from "./known-issue-search";
import { addMeToo, listKnownIssues, searchKnownIssues } from "./known-issues.server";
import { issueReports, knownIssueAffected, knownIssues } from "./tables";

let database: Database;
let server: Awaited<ReturnType<typeof serveApi>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  const config = parseConfig({ RATE_LIMIT_FORM_POINTS: "1000", RATE_LIMIT_API_POINTS: "1000" });
  server = await serveApi(createIssuesApi(testServices(database, config)));
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const search = (query: Partial<KnownIssueQuery> & { game: string; q: string }) =>
  searchKnownIssues(database.db, { lang: "en", ...query }).then((items) => items.map((item) => item.slug));

/** What the page shows for an issue, and the visitors' rows behind it. */
async function affectedOf(slug: string) {
  const [row] = await database.db.select().from(knownIssues).where(eq(knownIssues.slug, slug));
  const [rows] = await database.db
    .select({ n: count() })
    .from(knownIssueAffected)
    .where(eq(knownIssueAffected.knownIssueId, row!.id));
  const shown = (await listKnownIssues(database.db, { game: row!.game, lang: "en" })).find(
    (i) => i.slug === slug,
  );
  return { counter: shown!.affected, rows: rows!.n };
}

const cookieOf = (setCookie: string | undefined) => setCookie!.split(";")[0]!;

describe("suggesting known issues from a report's words", () => {
  it("finds an issue by the words of its English, French or Spanish text, folded", async () => {
    const traders = "tidebound-harbour-traders-stock";
    expect(await search({ game: "tidebound", q: "The harbour traders never restock" })).toEqual([traders]);
    expect(
      await search({ game: "tidebound", q: "Les marchands ne changent pas après la MAREE", lang: "fr" }),
    ).toEqual([traders]);
    expect(
      await search({ game: "tidebound", q: "los comerciantes no renuevan el surtido", lang: "es" }),
    ).toEqual([traders]);
    const [shown] = await searchKnownIssues(database.db, {
      lang: "fr",
      game: "tidebound",
      q: "marchands marée",
    });
    expect(shown).toMatchObject({
      title: "Les marchands du port gardent le même stock quand la marée change",
    });
  });

  it("links a fixed issue to its patch notes and says which patch will fix one in progress", async () => {
    const [fixed] = await searchKnownIssues(database.db, {
      lang: "es",
      game: "tidebound",
      platform: "switch",
      q: "lore pages blank",
    });
    expect(fixed).toMatchObject({
      status: "fixed",
      patch: "2.4",
      patchNotes: "/es/support/patches?game=tidebound#patch-tidebound-2.4",
    });
    const [coming] = await searchKnownIssues(database.db, {
      lang: "en",
      game: "ashen-covenant",
      q: "vault door closed",
    });
    expect(coming).toMatchObject({ status: "fixInProgress", patch: "1.4", patchNotes: null });
  });

  it("keeps to the chosen game and platform", async () => {
    expect(await search({ game: "ashen-covenant", q: "harbour traders stock" })).toEqual([]);
    // The lore pages issue is a Nintendo Switch one; the traders' is on every platform.
    expect(await search({ game: "tidebound", platform: "windows", q: "lore pages slow" })).toEqual([]);
    expect(await search({ game: "tidebound", platform: "switch", q: "lore pages slow" })).toEqual([
      "tidebound-switch-lore-pages",
    ]);
    expect(await search({ game: "tidebound", platform: "xbox", q: "traders stock" })).toEqual([
      "tidebound-harbour-traders-stock",
    ]);
  });

  it("suggests nothing for words that say nothing, nor for one word shared by chance", async () => {
    expect(await search({ game: "tidebound", q: "the game does not work when I play" })).toEqual([]);
    expect(await search({ game: "tidebound", q: "my boat sank near the harbour at night" })).toEqual([]);
    // Words inside other words are not words: "long" in "plongée", "sent" in "apparaissent".
    expect(await search({ game: "tidebound", q: "A description long enough to be sent" })).toEqual([]);
  });

  it("never returns what a player reported", async () => {
    await database.db.insert(issueReports).values({
      category: "bug",
      game: "tidebound",
      platform: "windows",
      email: "player@example.com",
      summary: "Zanzibar lighthouse flickers",
      description: "The zanzibar lighthouse flickers whenever it rains at the harbour.",
      language: "en",
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(await search({ game: "tidebound", q: "zanzibar lighthouse flickers" })).toEqual([]);
  });
});

describe("me too", () => {
  const slug = "ashen-covenant-ember-vault-door";

  it("counts a visitor once, however often they press", async () => {
    const before = await affectedOf(slug);
    const first = await addMeToo(database.db, { slug, cookieHeader: null, secure: false });
    expect(first).toMatchObject({
      ok: true,
      value: { result: { slug, affected: before.counter + 1, added: true } },
    });
    const cookie = cookieOf((first as { value: { setCookie?: string } }).value.setCookie);
    const again = await addMeToo(database.db, { slug, cookieHeader: cookie, secure: false });
    expect(again).toEqual({
      ok: true,
      value: { result: { slug, affected: before.counter + 1, added: false } },
    });
    expect(await affectedOf(slug)).toEqual({ counter: before.counter + 1, rows: before.rows + 1 });
  });

  it("counts concurrent presses exactly: one visitor once, many visitors each", async () => {
    const before = await affectedOf(slug);
    const first = await addMeToo(database.db, { slug, cookieHeader: null, secure: false });
    const cookie = first.ok ? cookieOf(first.value.setCookie) : "";
    const same = await Promise.all(
      Array.from({ length: 8 }, () => addMeToo(database.db, { slug, cookieHeader: cookie, secure: false })),
    );
    expect(same.filter((press) => press.ok && press.value.result.added)).toHaveLength(0);
    const many = await Promise.all(
      Array.from({ length: 8 }, () => addMeToo(database.db, { slug, cookieHeader: null, secure: false })),
    );
    expect(many.filter((press) => press.ok && press.value.result.added)).toHaveLength(8);
    expect(await affectedOf(slug)).toEqual({ counter: before.counter + 9, rows: before.rows + 9 });
  });

  it("refuses an issue that is not published", async () => {
    expect(
      await addMeToo(database.db, { slug: "no-such-issue", cookieHeader: null, secure: false }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe("GET /api/known-issues and POST /api/known-issues/{slug}/me-too", () => {
  it("answers the suggestions of a game and platform, and counts a press", async () => {
    const query = new URLSearchParams({
      game: "tidebound",
      platform: "windows",
      q: "traders stock tide",
      lang: "fr",
    });
    const res = await fetch(`${server.url}/known-issues?${query}`);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: Array<{ slug: string; affected: number }> };
    expect(items.map((item) => item.slug)).toEqual(["tidebound-harbour-traders-stock"]);
    const press = await fetch(`${server.url}/known-issues/tidebound-harbour-traders-stock/me-too`, {
      method: "POST",
    });
    expect(press.status).toBe(200);
    expect(press.headers.get("set-cookie")).toMatch(/^faq_visitor=[A-Za-z0-9_-]{43};/);
    expect(await press.json()).toEqual({
      slug: "tidebound-harbour-traders-stock",
      affected: items[0]!.affected + 1,
      added: true,
    });
  });

  it("answers 404 for an unknown game or an unknown known issue", async () => {
    const res = await fetch(`${server.url}/known-issues?game=not-ours&q=crash`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ messages: ["NOT_FOUND"] });
    const press = await fetch(`${server.url}/known-issues/not-ours/me-too`, { method: "POST" });
    expect(press.status).toBe(404);
  });

  it("answers generated bad queries and issue names with a 4xx and messages", async () => {
    const badQuery = fc.oneof(
      fc.record({ game: fc.string().filter((s) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(s)), q: fc.string() }),
      fc.record({
        game: fc.constant("tidebound"),
        platform: fc
          .string()
          .filter(
            (s) => s !== "" && !/^(windows|macos|linux|steam-deck|playstation|xbox|switch|other)$/.test(s),
          ),
      }),
      fc.record({
        game: fc.constant("tidebound"),
        lang: fc.string().filter((s) => !["en", "fr", "es"].includes(s)),
      }),
      fc.record({ game: fc.constant("tidebound"), q: fc.string({ minLength: 6001, maxLength: 6100 }) }),
    );
    await fc.assert(
      fc.asyncProperty(badQuery, async (query) => {
        const res = await fetch(
          `${server.url}/known-issues?${new URLSearchParams(query as Record<string, string>)}`,
        );
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        const body = (await res.json()) as { messages: unknown };
        expect(Array.isArray(body.messages) && body.messages.length > 0).toBe(true);
      }),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }).filter((s) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(s)),
        async (slug) => {
          const res = await fetch(`${server.url}/known-issues/${encodeURIComponent(slug)}/me-too`, {
            method: "POST",
          });
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("known issues as content", () => {
  it("refuses a file naming a game or a fixing patch that does not exist, naming the file and field", async () => {
    const tree = await readContentFiles(testContent);
    const text = fs.readFileSync(
      path.join(testContent, "known-issues/tidebound-switch-lore-pages.yaml"),
      "utf8",
    );
    expect(
      problemsOf(
        changeTree(tree, { "known-issues/tidebound-switch-lore-pages.yaml": text.replace('"2.4"', '"9.9"') }),
        contentKinds,
      ),
    ).toEqual([expect.stringMatching(/known-issues\/tidebound-switch-lore-pages\.yaml.*patch.*9\.9/)]);
    expect(
      problemsOf(
        changeTree(tree, {
          "known-issues/tidebound-switch-lore-pages.yaml": text.replace(
            "game: tidebound",
            "game: no-such-game",
          ),
        }),
        contentKinds,
      ),
    ).toEqual([expect.stringMatching(/tidebound-switch-lore-pages\.yaml.*game.*no-such-game/)]);
    expect(
      problemsOf(
        changeTree(tree, {
          "known-issues/tidebound-switch-lore-pages.yaml": text.replace("[switch]", "[gameboy]"),
        }),
        contentKinds,
      ),
    ).toEqual([expect.stringMatching(/tidebound-switch-lore-pages\.yaml.*platforms/)]);
  });
});
