import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import type { Database } from "~/platform/db/client.server";
import { apiErrorHandler } from "~/platform/http/errors.server";
import { contentKinds } from "../../../server/content-kinds";
import { expectEach } from "../../../tests/support/expect-each";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createNewsApi } from "./news-api.server";
import { newsArticles } from "./tables";
import type { NewsArticle, NewsPage } from "./types";

let database: Database;
let server: ReturnType<express.Express["listen"]>;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  const app = express();
  app.use("/api", createNewsApi({ db: database.db }), apiErrorHandler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/open/office-news`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

async function list(query: string): Promise<NewsPage> {
  const res = await fetch(`${base}?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as NewsPage;
}

async function status(pathAndQuery: string) {
  const res = await fetch(`${base}${pathAndQuery}`);
  return { status: res.status, body: (await res.json()) as { messages?: string[] } };
}

describe("GET /api/open/office-news", () => {
  it("lists the newest first by default, and the oldest first on request", async () => {
    const latest = await list("pageSize=50");
    // The test content's seven articles.
    expect(latest.total).toBe(7);
    const dates = latest.items.map((a) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const oldest = await list("sort=oldest&pageSize=50");
    expect(oldest.items.map((a) => a.slug)).toEqual(latest.items.map((a) => a.slug).reverse());
    expect(oldest.items[0]).toMatchObject({
      slug: "quebec-studio-opens",
      title: "Stormkettle opens a studio in Quebec City",
      date: "2019-09-12",
      author: "Élodie Tremblay",
      category: "studio",
      cover: "/images/art/news/quebec-studio-opens/cover-1200.jpg",
      url: "/blog/quebec-studio-opens",
    });
  });

  it("searches the requested language without minding case or accents", async () => {
    const fr = await list("lang=fr&q=québec");
    expect(fr.items.map((a) => a.slug)).toContain("quebec-studio-opens");
    expect(fr.items.find((a) => a.slug === "quebec-studio-opens")).toMatchObject({
      title: "Stormkettle ouvre un studio à Québec",
      url: "/fr/blog/quebec-studio-opens",
    });
    // "Quebec" without its accent, in capitals, finds the same French articles.
    expect((await list("lang=fr&q=QUEBEC")).items).toEqual(fr.items);
    // Every word must match; a word only in the English text does not match in Spanish.
    expect((await list("lang=fr&q=québec laboratoire")).items.map((a) => a.slug)).toEqual([
      "quebec-playtest-lab",
    ]);
    expect((await list("lang=es&q=shoe factory")).total).toBe(0);
    expect((await list("lang=en&q=shoe factory")).items.map((a) => a.slug)).toEqual(["quebec-studio-opens"]);
    expect((await list("q=zzzz-nothing")).items).toEqual([]);
  });

  it("filters by category and tag", async () => {
    const playtesting = await list("category=playtesting&pageSize=50");
    expect(playtesting.total).toBeGreaterThan(0);
    expectEach(playtesting.items, (a) => a.category === "playtesting");
    const tagged = await list("tag=ashen-covenant&pageSize=50");
    expect(tagged.total).toBeGreaterThanOrEqual(3);
    expectEach(tagged.items, (a) => a.tags.includes("ashen-covenant"));
    expect((await list("tag=quebec&category=playtesting")).items.map((a) => a.slug)).toEqual([
      "quebec-playtest-lab",
    ]);
  });

  it("pages through the list", async () => {
    const all = await list("pageSize=50");
    const first = await list("pageSize=5&page=1");
    const second = await list("pageSize=5&page=2");
    expect(first).toMatchObject({
      page: 1,
      pageSize: 5,
      total: all.total,
      pageCount: Math.ceil(all.total / 5),
    });
    expect([...first.items, ...second.items].map((a) => a.slug)).toEqual(
      all.items.slice(0, 10).map((a) => a.slug),
    );
    expect((await list("pageSize=5&page=99")).items).toEqual([]);
  });

  it("answers junk with 400 and a message per bad value", async () => {
    for (const query of [
      "sort=random",
      "page=0",
      "page=-1",
      "page=abc",
      "pageSize=51",
      "pageSize=0",
      "lang=de",
      "category=gossip",
      "tag=nope",
      `q=${"a".repeat(101)}`,
      "sort=latest&sort=oldest",
      "unknown=1",
    ]) {
      const res = await status(`?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.messages?.length, query).toBeGreaterThan(0);
    }
    expect((await status("?sort=random")).body.messages?.[0]).toMatch(/^sort: /);
  });
});

describe("GET /api/open/office-news/{slug}", () => {
  it("returns the article in the requested language with neighbours and related articles", async () => {
    const res = await fetch(`${base}/ashen-covenant-update-1-2?lang=fr`);
    expect(res.status).toBe(200);
    const article = (await res.json()) as NewsArticle;
    expect(article).toMatchObject({
      slug: "ashen-covenant-update-1-2",
      lang: "fr",
      url: "/fr/blog/ashen-covenant-update-1-2",
      previous: { slug: "ashen-covenant-launch", url: "/fr/blog/ashen-covenant-launch" },
      next: { slug: "internships-2025" },
    });
    expect(article.title).toMatch(/^Mise à jour 1\.2/);
    expect(article.html).toContain("<h2>Points forts</h2>");
    expect(article.html).toContain("<strong>Commandes reconfigurables</strong>");
    expect(article.related.length).toBeGreaterThan(0);
    expect(article.related.length).toBeLessThanOrEqual(3);
    expect(article.related.map((a) => a.slug)).not.toContain("ashen-covenant-update-1-2");
    expectEach(
      article.related,
      (a) => a.tags.some((t) => article.tags.includes(t)) || a.category === article.category,
    );
  });

  it("has no previous for the oldest article and no next for the newest", async () => {
    const oldest = (await list("sort=oldest&pageSize=1")).items[0]!;
    const newest = (await list("pageSize=1")).items[0]!;
    const first = (await (await fetch(`${base}/${oldest.slug}`)).json()) as NewsArticle;
    const last = (await (await fetch(`${base}/${newest.slug}`)).json()) as NewsArticle;
    expect(first.previous).toBeNull();
    expect(last.next).toBeNull();
  });

  it("answers 404 with a message for an unknown article and 400 for a bad language", async () => {
    for (const slug of ["no-such-article", "Bad Slug", "x".repeat(200)]) {
      const res = await status(`/${encodeURIComponent(slug)}`);
      expect(res).toEqual({ status: 404, body: { messages: ["Article not found"] } });
    }
    expect((await status("/quebec-studio-opens?lang=xx")).status).toBe(400);
  });
});

describe("loading the articles", () => {
  it("is idempotent: a second load with unchanged files writes nothing", async () => {
    const before = await database.db.select().from(newsArticles);
    const report = await loadContent(database.db, testContent, contentKinds, {
      info: () => {},
      warn: () => {},
    });
    expect(report.changed).toBe(false);
    expect(await database.db.select().from(newsArticles)).toEqual(before);
  });
});
