import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { contentKinds } from "../../../server/content-kinds";
import { expectEach } from "../../../tests/support/expect-each";
import { serveApi, testServices } from "../../../tests/support/services";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createFaqApi } from "./faq-api.server";
import type { FaqVoteSummary } from "./faq-votes.server";
import { faqItems, faqVotes } from "./tables";
import type { FaqArticle, FaqCategoryDetail, FaqCategorySummary, FaqPage } from "./types";

let database: Database;
let server: Awaited<ReturnType<typeof serveApi>>;
let base: string;
let resetId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  const config = parseConfig({ RATE_LIMIT_FORM_POINTS: "1000", RATE_LIMIT_API_POINTS: "1000" });
  server = await serveApi(createFaqApi(testServices(database, config)));
  base = server.url;
  const [reset] = await database.db
    .select({ id: faqItems.id })
    .from(faqItems)
    .where(eq(faqItems.slug, "how-do-i-reset-my-password"));
  resetId = reset!.id;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function getJson<T>(pathAndQuery: string, cookie?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${pathAndQuery}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, body: (await res.json()) as T };
}

async function search(query: Record<string, string>) {
  const { status, body } = await getJson<FaqPage>(`/faqs?${new URLSearchParams(query)}`);
  expect(status).toBe(200);
  return body;
}

describe("GET /api/faq-categories", () => {
  it("lists a section's categories in the visitor's language with their answer counts", async () => {
    const { status, body } = await getJson<FaqCategorySummary[]>("/faq-categories?lang=fr&section=support");
    expect(status).toBe(200);
    expect(body.map((c) => c.slug)).toEqual([
      "support-account",
      "support-technical",
      "support-purchases",
      "support-feedback",
    ]);
    expect(body[0]).toMatchObject({ section: "support", title: "Compte", count: 3 });
  });

  it("filters by section", async () => {
    // All seven of the test content's categories; three are not support's.
    expect((await getJson<FaqCategorySummary[]>("/faq-categories")).body).toHaveLength(7);
    expect(
      (await getJson<FaqCategorySummary[]>("/faq-categories?section=internships")).body.map((c) => c.slug),
    ).toEqual(["internships"]);
  });

  it("answers 400 with messages for a bad language or section", async () => {
    for (const query of ["lang=de", "section=admin", "lang=en&lang=fr"]) {
      const { status, body } = await getJson<{ messages: string[] }>(`/faq-categories?${query}`);
      expect(status, query).toBe(400);
      expect(body.messages.length, query).toBeGreaterThan(0);
    }
  });

  it("gives one category by slug with its questions, 404 for an unknown one", async () => {
    const { status, body } = await getJson<FaqCategoryDetail>("/faq-categories/slug/support-account?lang=es");
    expect(status).toBe(200);
    expect(body.title).toBe("Cuenta");
    expect(body.items.map((i) => i.title)).toContain("¿Cómo restablezco mi contraseña?");
    expect((await getJson("/faq-categories/slug/no-such-category")).status).toBe(404);
    expect((await getJson("/faq-categories/slug/Bad%20Slug")).status).toBe(400);
  });
});

describe("GET /api/faqs", () => {
  it("finds the password answer from the Spanish word, accents or not, in Spanish", async () => {
    for (const q of ["contraseña", "CONTRASENA", "Contrasena"]) {
      const page = await search({ q, lang: "es", section: "support" });
      expect(page.items[0]?.slug, q).toBe("how-do-i-reset-my-password");
      expect(page.items[0]?.title).toBe("¿Cómo restablezco mi contraseña?");
      expect(page.items[0]?.category).toEqual({ slug: "support-account", title: "Cuenta" });
    }
  });

  it("finds the password answer from the French words, in French", async () => {
    const page = await search({ q: "mot de passe", lang: "fr", section: "support" });
    expect(page.items[0]?.slug).toBe("how-do-i-reset-my-password");
    expect(page.items[0]?.title).toBe("Comment réinitialiser mon mot de passe?");
    // Accents folded both ways: the query's and the text's.
    const folded = await search({ q: "reinitialiser", lang: "fr" });
    expect(folded.items.map((i) => i.slug)).toContain("how-do-i-reset-my-password");
  });

  it("searches across languages: a French word finds the answer, shown in English", async () => {
    const page = await search({ q: "mot de passe", lang: "en", section: "support" });
    expect(page.items[0]).toMatchObject({
      slug: "how-do-i-reset-my-password",
      title: "How do I reset my password?",
    });
    expect(page.items[0]?.excerpt).toMatch(/^On the sign-in page, choose Forgot password/);
  });

  it("requires every word; punctuation alone searches for nothing in particular", async () => {
    expect((await search({ q: "password" })).total).toBeGreaterThan(0);
    expect((await search({ q: "password zzzzqqq" })).total).toBe(0);
    expect((await search({ q: "%_%", section: "support" })).total).toBe(12);
    expect((await search({ q: "100%" })).total).toBe(0);
  });

  it("filters by category and pages through the results", async () => {
    const all = await search({ section: "support", pageSize: "50" });
    expect(all.total).toBe(12);
    const first = await search({ section: "support", pageSize: "5", page: "1" });
    const third = await search({ section: "support", pageSize: "5", page: "3" });
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 5, pageCount: 3 });
    expect(first.items).toHaveLength(5);
    expect(third.items).toHaveLength(2);
    expect(third.items.map((i) => i.slug)).toEqual(all.items.slice(10).map((i) => i.slug));
    const beyond = await search({ section: "support", pageSize: "5", page: "9" });
    expect(beyond).toMatchObject({ items: [], total: 12 });
    const account = await search({ category: "support-account" });
    expect(account.total).toBe(3);
    expectEach(account.items, (i) => i.category.slug === "support-account");
  });

  it("answers 400 for junk and 404 for an unknown category", async () => {
    for (const query of [
      "page=0",
      "page=abc",
      "pageSize=500",
      "lang=xx",
      "section=nope",
      `q=${"a".repeat(101)}`,
      "category=..%2Fetc",
    ]) {
      const { status, body } = await getJson<{ messages: string[] }>(`/faqs?${query}`);
      expect(status, query).toBe(400);
      expect(body.messages.length).toBeGreaterThan(0);
    }
    expect((await getJson("/faqs?category=no-such-category")).status).toBe(404);
  });
});

describe("GET /api/faqs/slug/{slug}", () => {
  it("gives the answer as Markdown and sanitized HTML with related questions", async () => {
    const { status, body } = await getJson<FaqArticle>("/faqs/slug/how-do-i-reset-my-password?lang=fr");
    expect(status).toBe(200);
    expect(body.title).toBe("Comment réinitialiser mon mot de passe?");
    expect(body.html).toContain("<strong>Mot de passe oublié</strong>");
    expect(body.category).toMatchObject({ slug: "support-account", title: "Compte" });
    expect(body.related.map((r) => r.slug)).toEqual([
      "how-do-i-turn-on-two-step-verification",
      "how-do-i-delete-my-account",
    ]);
  });

  it("answers 404 for an unknown answer and 400 for a malformed slug", async () => {
    expect((await getJson("/faqs/slug/no-such-answer")).status).toBe(404);
    expect((await getJson(`/faqs/slug/${"x".repeat(200)}`)).status).toBe(400);
  });
});

describe("/api/faqs/vote/{id}", () => {
  beforeEach(async () => {
    await database.db.delete(faqVotes);
  });

  async function vote(id: number | string, body: unknown, cookie?: string) {
    const res = await fetch(`${base}/faqs/vote/${id}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    const setCookie = res.headers.get("set-cookie");
    return {
      status: res.status,
      body: (await res.json()) as FaqVoteSummary & { messages?: string[] },
      setCookie,
    };
  }

  const cookieOf = (setCookie: string | null) => setCookie!.split(";")[0]!;

  it("counts one vote per visitor, replaces a changed vote, and returns the counts", async () => {
    const empty = await getJson<FaqVoteSummary>(`/faqs/vote/${resetId}`);
    expect(empty).toEqual({ status: 200, body: { id: resetId, helpful: 0, notHelpful: 0, vote: null } });

    const first = await vote(resetId, { helpful: true });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id: resetId, helpful: 1, notHelpful: 0, vote: true });
    expect(first.setCookie).toMatch(/^faq_visitor=[A-Za-z0-9_-]{43}; Max-Age=31536000; .*HttpOnly/);
    const alice = cookieOf(first.setCookie);

    // The same visitor again: still one vote, and no new cookie.
    const again = await vote(resetId, { helpful: true }, alice);
    expect(again.body).toEqual({ id: resetId, helpful: 1, notHelpful: 0, vote: true });
    expect(again.setCookie).toBeNull();

    // Another visitor votes no.
    const bob = await vote(resetId, { helpful: false });
    expect(bob.body).toEqual({ id: resetId, helpful: 1, notHelpful: 1, vote: false });

    // Alice changes her mind: her vote is replaced, not added.
    const changed = await vote(resetId, { helpful: false }, alice);
    expect(changed.body).toEqual({ id: resetId, helpful: 0, notHelpful: 2, vote: false });

    const read = await getJson<FaqVoteSummary>(`/faqs/vote/${resetId}`, alice);
    expect(read.body).toEqual({ id: resetId, helpful: 0, notHelpful: 2, vote: false });
    const anonymous = await getJson<FaqVoteSummary>(`/faqs/vote/${resetId}`);
    expect(anonymous.body.vote).toBeNull();

    // Only a hash of the cookie is stored.
    const rows = await database.db.select().from(faqVotes);
    expect(rows).toHaveLength(2);
    const aliceId = alice.split("=")[1]!;
    expect(rows.some((r) => r.visitorHash.includes(aliceId))).toBe(false);
    expectEach(rows, (r) => /^[0-9a-f]{64}$/.test(r.visitorHash));
  });

  it("ignores a forged visitor cookie and issues a real one", async () => {
    const res = await vote(resetId, { helpful: true }, "faq_visitor=not-a-real-id");
    expect(res.status).toBe(200);
    expect(res.setCookie).toMatch(/^faq_visitor=[A-Za-z0-9_-]{43};/);
  });

  it("answers 400 to junk and 404 to unknown answers, storing nothing", async () => {
    for (const body of [
      {},
      { helpful: "yes" },
      { helpful: 1 },
      { helpful: true, extra: 1 },
      "not json",
      "[]",
    ]) {
      const res = await vote(resetId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.messages?.length).toBeGreaterThan(0);
      expect(res.setCookie).toBeNull();
    }
    for (const id of ["0", "-1", "abc", "1.5", "99999999999"]) {
      expect((await vote(id, { helpful: true })).status, id).toBe(400);
      expect((await getJson(`/faqs/vote/${id}`)).status, id).toBe(400);
    }
    const unknown = await vote(2_000_000_000, { helpful: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.messages).toEqual(["NOT_FOUND"]);
    expect(unknown.setCookie).toBeNull();
    expect((await getJson("/faqs/vote/2000000000")).status).toBe(404);
    expect(await database.db.select().from(faqVotes)).toEqual([]);
  });

  it("refuses a cross-site vote", async () => {
    const res = await fetch(`${base}/faqs/vote/${resetId}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
      },
      body: JSON.stringify({ helpful: true }),
    });
    expect(res.status).toBe(403);
    expect(await database.db.select().from(faqVotes)).toEqual([]);
  });
});

describe("rate limit", () => {
  it("refuses votes over the form limit with 429 and messages", async () => {
    const config = parseConfig({ RATE_LIMIT_FORM_POINTS: "2", RATE_LIMIT_API_POINTS: "100" });
    const limited = await serveApi(createFaqApi(testServices(database, config)));
    try {
      const url = `${limited.url}/faqs/vote/${resetId}`;
      const post = () =>
        fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ helpful: true }),
        });
      expect((await post()).status).toBe(200);
      expect((await post()).status).toBe(200);
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ messages: ["TOO_MANY_REQUESTS"] });
    } finally {
      await limited.close();
    }
  });
});
