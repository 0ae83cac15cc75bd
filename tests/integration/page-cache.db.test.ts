import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import express from "express";
import { matchRoutes, type RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ANALYTICS_CONSENT_COOKIE,
  analyticsAccepted,
  CONSENT_COOKIE,
  CONSENT_RECORD_COOKIE,
  consentPageHeaders,
} from "~/features/consent/consent-cookies";
import { siteCookies } from "~/features/consent/index.server";
import { loadContent } from "~/features/content/index.server";
import { jobOffersVersion } from "~/features/jobs/index.server";
import { jobOffers } from "~/features/jobs/tables";
import { createContentVersion, registerContentVersionSource } from "~/platform/cache/content-version.server";
import {
  createPageCache,
  inlineScriptHashes,
  outsideCacheControl,
  shareableRequests,
  sharedLifetimeMs,
  toCacheable,
} from "~/platform/cache/page-cache.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { afterPaintModuleType } from "~/platform/http/page-scripts.server";
import { cookieNames, pageCacheCookies } from "~/platform/privacy/cookie-registry.server";
import { securityHeaders } from "~/platform/security/headers.server";
import { contentKinds } from "../../server/content-kinds";
import { routeManifest } from "../support/route-manifest";
import { testContent } from "../support/test-content";
import { createTestDatabase } from "../support/test-db";

/**
 * The cache in front of a stand-in renderer that behaves like the real one: the app's security
 * headers (CSP nonce), a page with nonce'd inline scripts built from the database, written in
 * chunks; the version read from the real database.
 */
let database: Database;
let server: http.Server;
let origin: string;
let expressOnly: http.Server;
/** Requests the production-like server handed to Express. */
let throughExpress = 0;
let expressOnlyOrigin: string;
let renders = 0;
let cache: ReturnType<typeof createPageCache>;
/** The site's cookies as named over https, and an outside provider's. */
const cacheConfig = parseConfig({
  NODE_ENV: "production",
  PUBLIC_URL: "https://studio.example",
  ANALYTICS_COOKIE_NAMES: "_ga",
});

/**
 * Whether the real route that answers `pathname` declares its page shared (`headers` is
 * sharedPageHeaders): the stand-in renderer answers with the Cache-Control that route's page
 * would carry, so these tests follow what the routes declare.
 */
let declaresShared: (pathname: string) => boolean;

async function sharedRouteMatcher() {
  const manifest = await routeManifest();
  const shared = new Set<string>();
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const { headers } = route.module as { headers?: unknown };
    if (headers === sharedPageHeaders) shared.add(route.id);
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(
      route.index ? { id: route.id, index: true } : { id: route.id, path: route.path ?? "", children: [] },
    );
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId?: string): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) => (r.index ? r : { ...r, children: tree(r.id) }));
  const routes = tree();
  return (pathname: string) => {
    const leaf = matchRoutes(routes, pathname)?.at(-1);
    return leaf !== undefined && shared.has(leaf.route.id ?? "");
  };
}

beforeAll(async () => {
  declaresShared = await sharedRouteMatcher();
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  // As boot registers it (server/lifecycle.ts): a recruiting sync's change ends cached pages.
  registerContentVersionSource("job-offers", jobOffersVersion);
  const config = parseConfig({ NODE_ENV: "production" });
  cache = createPageCache({
    ttlMs: 60_000,
    maxEntries: 50,
    // As the app passes them (server/app.ts), from the site's cookie list: the consent cookies
    // (of the record cookie, a per-visitor id the page does not show, only the revision after
    // the dot), the personal ones; and Sec-GPC.
    ...pageCacheCookies(siteCookies(), cacheConfig),
    pageHeaders: consentPageHeaders,
    version: createContentVersion(database.db, 0),
  });
  const app = express();
  app.use(cache.serve);
  app.use(securityHeaders(config));
  app.use(cache.capture);
  // Stands for the API behind its mounted router: each answer's Cache-Control as its route
  // declares it (the API's default is no-store).
  const api = express.Router();
  api.get("/{*rest}", (req, res) => {
    renders++;
    res.setHeader("Cache-Control", String(req.query.cc ?? "no-store"));
    res.json({ path: req.path, renders });
  });
  app.use("/api", api);
  app.get("/{*splat}", async (req, res) => {
    renders++;
    const nonce = res.locals.cspNonce as string;
    const open = await database.db
      .select({ id: jobOffers.id })
      .from(jobOffers)
      .where(eq(jobOffers.status, "open"));
    if (req.query.flash) res.cookie("flash", "saved");
    res.status(req.path.includes("missing") ? 404 : 200).type("html");
    const declared = declaresShared(req.path) ? "public" : "private, no-cache";
    res.setHeader("Cache-Control", req.query.nostore ? "no-store" : declared);
    res.write(`<!doctype html><html><head><script nonce="${nonce}">window.__a=${renders}</script>`);
    res.write(`<script type="application/ld+json">{"@type":"JobPosting"}</script>`);
    // Stands for an HTML injection in content: no nonce, so it must stay blocked once cached.
    res.write("<script>steal()</script>");
    res.end(
      `</head><body><p>${open.length} open</p><script type="module" nonce="${nonce}">import "/x.js";</script></body></html>`,
    );
  });
  // As production serves (server/app.ts createHandler): hits answered before Express.
  server = http.createServer((req, res) => {
    void cache.answer(req, res).then((served) => {
      if (served) return;
      throughExpress++;
      app(req, res);
    });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // As development serves: Express alone, its first middleware answering hits.
  expressOnly = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => expressOnly.once("listening", resolve));
  expressOnlyOrigin = `http://127.0.0.1:${(expressOnly.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => expressOnly.close(resolve));
  await database?.close();
});

function sha256(text: string) {
  return `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
}

async function get(url: string, cookie?: string, headers: Record<string, string> = {}) {
  const res = await fetch(origin + url, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  return { res, html: await res.text(), cache: res.headers.get("x-page-cache") };
}

describe("page cache", () => {
  it("serves a second anonymous request from the cache", async () => {
    const before = renders;
    const first = await get("/careers?team=audio");
    const expressBefore = throughExpress;
    const second = await get("/careers?team=audio");
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    expect(renders).toBe(before + 1);
    // The hit was answered before Express.
    expect(throughExpress).toBe(expressBefore);
    expect(second.res.status).toBe(200);
    expect(second.res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(second.res.headers.get("cache-control")).toBe("private, no-cache");
    // Another query, language or consent state is another page.
    expect((await get("/careers?team=art")).cache).toBe("miss");
    expect((await get("/fr/careers?team=audio")).cache).toBe("miss");
    const consent = `${CONSENT_COOKIE}=1`;
    expect((await get("/careers?team=audio", consent)).cache).toBe("miss");
    expect((await get("/careers?team=audio", `${consent}; _ga=GA1.2`)).cache).toBe("hit");
    expect((await get("/careers?team=audio", `${consent}; ${ANALYTICS_CONSENT_COOKIE}=1`)).cache).toBe(
      "miss",
    );
    expect((await get("/careers?team=audio", `${consent}; ${ANALYTICS_CONSENT_COOKIE}=0`)).cache).toBe(
      "miss",
    );
    expect((await get("/careers?team=audio", `${consent}; ${ANALYTICS_CONSENT_COOKIE}=1`)).cache).toBe("hit");
  });

  it("answers hits the same without the handler in front of Express (development)", async () => {
    const before = renders;
    const first = await fetch(`${expressOnlyOrigin}/careers?team=programming`);
    const second = await fetch(`${expressOnlyOrigin}/careers?team=programming`);
    expect([first.headers.get("x-page-cache"), second.headers.get("x-page-cache")]).toEqual(["miss", "hit"]);
    expect(await second.text()).toBe(
      await first.text().then((html) => html.replaceAll(/ nonce="[^"]+"/g, "")),
    );
    expect(second.headers.get("content-security-policy")).not.toContain("nonce-");
    expect(renders).toBe(before + 1);
  });

  it("keys a page on what it reads of a cookie given a variant, not on the whole value", async () => {
    const before = renders;
    const record = (id: string, revision: number | string) => `${CONSENT_RECORD_COOKIE}=${id}.${revision}`;
    const [visitorA, visitorB] = [crypto.randomUUID(), crypto.randomUUID()];
    expect((await get("/careers?team=design", record(visitorA, 2))).cache).toBe("miss");
    // Another visitor's id, the same part the page reads: the same page.
    expect((await get("/careers?team=design", record(visitorB, 2))).cache).toBe("hit");
    expect((await get("/careers?team=design", record(visitorB, 3))).cache).toBe("miss");
    // The same policy revision under outside providers (docs/decisions/0042) is another page.
    expect((await get("/careers?team=design", record(visitorA, "2-0a1b2c3d"))).cache).toBe("miss");
    expect((await get("/careers?team=design", record(visitorB, "2-0a1b2c3d"))).cache).toBe("hit");
    // No part to read is the page without the cookie.
    expect((await get("/careers?team=design")).cache).toBe("miss");
    expect((await get("/careers?team=design", `${CONSENT_RECORD_COOKIE}=junk`)).cache).toBe("hit");
    expect(renders).toBe(before + 4);
  });

  it("keys a page on the page headers and names them in Vary, hit or miss", async () => {
    const first = await get("/careers?team=writing", undefined, { "Sec-GPC": "1" });
    expect(first.cache).toBe("miss");
    expect(first.res.headers.get("vary")).toMatch(/\bSec-GPC\b/i);
    expect((await get("/careers?team=writing")).cache).toBe("miss");
    const hit = await get("/careers?team=writing", undefined, { "Sec-GPC": "1" });
    expect(hit.cache).toBe("hit");
    expect(hit.res.headers.get("vary")).toMatch(/\bSec-GPC\b/i);
    expect((await get("/careers?team=writing", undefined, { "Sec-GPC": "0" })).cache).toBe("hit");
    // A page no cache keeps says so too.
    const personal = await get("/careers?team=writing", "__Host-studio_mfa=2", { "Sec-GPC": "1" });
    expect(personal.cache).toBeNull();
    expect(personal.res.headers.get("vary")).toMatch(/\bSec-GPC\b/i);
    // API answers are not pages: their Vary is their own.
    const api = await get("/api/x?cc=public", undefined, { "Sec-GPC": "1" });
    expect(api.res.headers.get("vary") ?? "").not.toMatch(/Sec-GPC/i);
  });

  it("keeps the press page and the press kits, which journalists open from shared links", async () => {
    for (const path of ["/press", "/fr/press/tidebound"]) {
      expect((await get(path)).cache).toBe("miss");
      expect((await get(path)).cache).toBe("hit");
    }
  });

  it("keeps a game's page, where a game's announcement sends its players (docs/decisions/0065)", async () => {
    for (const path of ["/games/tidebound", "/es/games/emberfall-tactics"]) {
      expect((await get(path)).cache, path).toBe("miss");
      expect((await get(path)).cache, path).toBe("hit");
    }
  });

  it("keeps the public pages with forms, the support pages and the legal pages, in every language", async () => {
    // A launch-day rush on the playtest sign-up is mostly anonymous: its page must not be rendered
    // for each of them (docs/decisions/0039-form-pages-cached.md).
    for (const path of [
      "/playtesting",
      "/fr/playtesting?location=quebec",
      "/contact",
      "/es/alerts",
      "/support",
      "/fr/support/category/support-account",
      "/support/patches",
      "/privacy",
      "/es/tos",
      "/gdpr",
      "/fr/fan-content-policy",
    ]) {
      expect((await get(path)).cache, path).toBe("miss");
      expect((await get(path)).cache, path).toBe("hit");
    }
  });

  it("renders for every request the pages that show votes, counts, searches or tokens", async () => {
    for (const path of [
      // Each visitor's own vote, and the vote counts.
      "/support/faq/how-do-i-reset-my-password",
      // "Me too" counts of known issues, which visitors raise.
      "/support/report",
      // What one visitor typed.
      "/support/search?q=password",
      // A token from an e-mailed link, or a form that asks for one.
      "/status",
      "/privacy/requests",
      "/playtesting/survey?token=abc",
      "/playtesting/remove?token=abc",
      "/account/login",
    ]) {
      const before = renders;
      await get(path);
      expect((await get(path)).cache, path).toBeNull();
      expect(renders, path).toBe(before + 2);
    }
  });

  it("a cached page carries no nonce, and its CSP allows exactly its inline scripts by hash", async () => {
    await get("/blog");
    const { res, html } = await get("/blog");
    expect(html).not.toContain("nonce=");
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
    const first = /<script>(.*?)<\/script>/.exec(html)?.[1] ?? "";
    const module = /<script type="module">(.*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(scriptSrc.sort()).toEqual(["'self'", sha256(first), sha256(module)].sort());
    expect(html).toContain("<script>steal()</script>");
    expect(scriptSrc).not.toContain(sha256("steal()"));
    expect(csp).not.toContain("'nonce-");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    // The rest of the policy is the app's.
    expect(csp).toContain("frame-ancestors 'none'");
    // So are the other security headers, stored with the page.
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("serves the cached page gzipped to clients that accept it, as is to the others", async () => {
    const raw = (encoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(
            `${origin}/careers/locations/quebec`,
            { headers: encoding ? { "accept-encoding": encoding } : {} },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c: Buffer) => chunks.push(c));
              res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          )
          .on("error", reject);
      });
    await raw(); // fills the cache (without a user agent: the browser key, not fetch's)
    const [plain, gzipped] = [await raw(), await raw("gzip, deflate")];
    expect([plain.headers["x-page-cache"], gzipped.headers["x-page-cache"]]).toEqual(["hit", "hit"]);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
  });

  it("never serves or stores a page for a request with a second-factor, flash, platform or FAQ-visitor cookie", async () => {
    await get("/internships");
    expect((await get("/internships")).cache).toBe("hit");
    // The cookies the site's list says make a page personal, as they are named over https.
    const personal = siteCookies()
      .filter((cookie) => cookie.page.kind === "personal")
      .flatMap((cookie) => cookieNames(cookie, cacheConfig));
    expect(personal).toContain("__Host-studio_mfa");
    expect(personal.length).toBeGreaterThanOrEqual(4);
    for (const cookie of [
      ...personal.map((name) => `${name}=abc`),
      // Beside others, and without a value: a part named as a personal cookie counts.
      ...personal.map((name) => `_ga=GA1.1.1; ${name}`),
    ]) {
      const { cache: state, html } = await get("/internships", cookie);
      expect(state, cookie).toBeNull();
      expect(html).toContain("nonce=");
    }
  });

  it("serves a signed-in visitor the cached public page: the session changes no page the cache keeps", async () => {
    await get("/internships");
    const anonymous = await get("/internships");
    expect(anonymous.cache).toBe("hit");
    const rendered = renders;
    const signedIn = await get(
      "/internships",
      "__Host-studio_session=abc; __Host-studio_signed_in=1800000000",
    );
    expect(signedIn.cache).toBe("hit");
    expect(signedIn.html).toBe(anonymous.html);
    expect(renders).toBe(rendered);
  });

  it("serves the cached page whatever cookies the site does not read come with the request", async () => {
    await get("/internships");
    expect((await get("/internships")).cache).toBe("hit");
    const rendered = renders;
    // An outside analytics script's, the studio's main site's for its whole domain, a load
    // balancer's sticky one, and the names the site's cookies have over plain http (over https
    // it reads only the __Host- names).
    for (const cookie of [
      "_ga=GA1.1.123456789.1700000000; _gid=GA1.1.2",
      "studio_main_lang=fr; ajs_anonymous_id=abc",
      "AWSALB=xyz; SERVERID=app2",
      "studio_session=abc; studio_mfa=1",
      "weird",
    ]) {
      expect((await get("/internships", cookie)).cache, cookie).toBe("hit");
    }
    expect(renders).toBe(rendered);
  });

  it("stores no answer that sets a cookie, is not a 200, or whose route does not declare it shared", async () => {
    // Rendered every time, and not marked: X-Page-Cache says "miss" only for an answer kept.
    const flashRenders = renders;
    await get("/careers?flash=1");
    expect((await get("/careers?flash=1")).cache).toBeNull();
    expect(renders).toBe(flashRenders + 2);
    await get("/careers/missing");
    expect((await get("/careers/missing")).cache).toBeNull();
    await get("/status");
    expect((await get("/status")).cache).toBeNull();
    await get("/account/login");
    expect((await get("/account/login")).cache).toBeNull();
  });

  it("keeps an API answer only when its route declares it shared, and no longer than it says", async () => {
    const shared = `/api/offices/job-offers?location=quebec&cc=${encodeURIComponent("public, max-age=300")}`;
    const first = await get(shared);
    expect(first.cache).toBe("miss");
    const again = await get(shared);
    expect(again.cache).toBe("hit");
    expect(again.res.headers.get("content-type")).toContain("application/json");
    expect(again.res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(JSON.parse(again.html)).toEqual(JSON.parse(first.html));
    // Per visitor (the API's default), private, or shared for no time at all: never stored.
    for (const cc of ["", "private, max-age=300", "public, no-cache", "public, max-age=0"]) {
      const url = cc ? `/api/faqs/vote/1?cc=${encodeURIComponent(cc)}` : "/api/faqs/vote/1";
      const before = renders;
      await get(url);
      expect((await get(url)).cache, cc).toBeNull();
      expect(renders, cc).toBe(before + 2);
    }
    // A caller with a personal cookie is never served from the cache, nor stored; a signed-in
    // one is (no public answer reads the session).
    expect((await get(shared, "faq_visitor=abc")).cache).toBeNull();
    expect((await get(shared, "__Host-studio_session=abc")).cache).toBe("hit");
  });

  it("reads how long an answer may be shared from its Cache-Control", () => {
    expect(sharedLifetimeMs("public, max-age=300", 60_000)).toBe(60_000);
    expect(sharedLifetimeMs("public, max-age=30, stale-while-revalidate=300", 60_000)).toBe(30_000);
    expect(sharedLifetimeMs("Public, S-MaxAge=10, max-age=300", 60_000)).toBe(10_000);
    expect(sharedLifetimeMs("public", 60_000)).toBe(60_000);
    expect(sharedLifetimeMs("no-store", 60_000)).toBe(0);
    expect(sharedLifetimeMs("public, private", 60_000)).toBe(0);
    expect(sharedLifetimeMs("max-age=300", 60_000)).toBe(0);
  });

  it("does not keep a page whose route says no-store", async () => {
    const before = renders;
    await get("/careers?nostore=1");
    expect((await get("/careers?nostore=1")).cache).toBeNull();
    expect(renders).toBe(before + 2);
  });

  it("drops pages when the content changes (an offer closed by a sync or the loader)", async () => {
    await get("/");
    const cached = await get("/");
    expect(cached.cache).toBe("hit");
    const [offer] = await database.db.select().from(jobOffers).where(eq(jobOffers.status, "open")).limit(1);
    await database.db
      .update(jobOffers)
      .set({ status: "closed", updatedAt: new Date() })
      .where(eq(jobOffers.id, offer!.id));
    const after = await get("/");
    expect(after.cache).toBe("miss");
    const count = (html: string) => Number(/<p>(\d+) open<\/p>/.exec(html)?.[1]);
    expect(count(after.html)).toBe(count(cached.html) - 1);
    expect((await get("/")).cache).toBe("hit");
  });
});

describe("page cache bounds", () => {
  it("keeps at most maxEntries pages and maxBytes bytes, dropping the oldest first", async () => {
    const small = createPageCache({ ttlMs: 60_000, maxEntries: 3, maxBytes: 1000, version: async () => "v" });
    const app = express();
    app.use(small.serve);
    app.use(securityHeaders(parseConfig({ NODE_ENV: "production" })));
    app.use(small.capture);
    app.get("/{*splat}", (req, res) => {
      res.setHeader("Cache-Control", "public");
      res.type("html").end("x".repeat(req.path === "/blog" ? 600 : 300));
    });
    const local = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => local.once("listening", resolve));
    const base = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    const state = async (url: string) => (await fetch(base + url)).headers.get("x-page-cache");
    try {
      for (const q of ["a", "b", "c", "d"]) await state(`/careers?q=${q}`);
      expect(small.size).toBe(3);
      expect(await state("/careers?q=a")).toBe("miss"); // the oldest went first
      expect(await state("/careers?q=d")).toBe("hit");
      await state("/blog"); // 600 bytes: older pages leave until it fits in 1000
      expect(small.bytes).toBeLessThanOrEqual(1000);
      expect(await state("/blog")).toBe("hit");
    } finally {
      await new Promise((resolve) => local.close(resolve));
    }
  });
});

describe("what outside shared caches (a CDN) are told", () => {
  const sharedCache = { maxAgeSeconds: 60, staleSeconds: 300 };
  let local: ReturnType<express.Express["listen"]>;
  let base: string;
  let renderCount = 0;

  beforeAll(async () => {
    const shared = createPageCache({
      ttlMs: 60_000,
      maxEntries: 50,
      pageCookies: ["cookieconsent_status", "cookieanalytcs_status"],
      personalCookies: ["session"],
      privateWhen: analyticsAccepted,
      pageHeaders: [{ name: "Sec-GPC", variant: (value) => (value?.trim() === "1" ? "1" : null) }],
      version: async () => "v",
      shared: sharedCache,
    });
    const app = express();
    app.use(shared.serve);
    app.use(securityHeaders(parseConfig({ NODE_ENV: "production" })));
    app.use(shared.capture);
    const api = express.Router();
    api.get("/{*rest}", (req, res) => {
      res.setHeader("Cache-Control", String(req.query.cc ?? "no-store"));
      if (req.query.flash) res.cookie("flash", "1");
      res.json({ path: req.path });
    });
    app.use("/api", api);
    app.get("/{*splat}", (req, res) => {
      renderCount++;
      const nonce = res.locals.cspNonce as string;
      res.setHeader("Cache-Control", req.path === "/account" ? "private, no-store" : "public");
      res.type("html").end(`<!doctype html><script nonce="${nonce}">a(${renderCount})</script>`);
    });
    local = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => local.once("listening", resolve));
    base = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => local.close(resolve));
  });

  const fetchFrom = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(base + url, { headers });
    return {
      cacheControl: res.headers.get("cache-control"),
      vary: res.headers.get("vary") ?? "",
      csp: res.headers.get("content-security-policy") ?? "",
      html: await res.text(),
      state: res.headers.get("x-page-cache"),
    };
  };
  const SHARED = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

  it("shares a page only as the stored copy (hashed CSP, no nonce), and never with a personal cookie", async () => {
    const miss = await fetchFrom("/careers?cdn=1");
    expect(miss.state).toBe("miss");
    // A fresh render carries its own nonce: never for a shared cache.
    expect(miss.csp).toContain("'nonce-");
    expect(miss.cacheControl).toBe("private, no-cache");
    const hit = await fetchFrom("/careers?cdn=1");
    expect(hit.state).toBe("hit");
    expect(hit.cacheControl).toBe(SHARED);
    // Keyed on the consent cookies by the CDN as here (deploy/nginx/cdn.conf): no Vary: Cookie,
    // which would make every visitor's cookie string a copy of its own.
    expect(hit.vary).not.toMatch(/\bCookie\b/);
    expect(hit.vary).toMatch(/\bSec-GPC\b/);
    expect(hit.csp).not.toContain("'nonce-");
    expect(hit.csp).toContain(sha256("a(1)"));
    expect(hit.html).not.toContain("nonce=");
    // Cookies the site does not read change nothing; a consent choice is its own shared copy.
    expect((await fetchFrom("/careers?cdn=1", { cookie: "" })).cacheControl).toBe(SHARED);
    expect((await fetchFrom("/careers?cdn=1", { cookie: "_ga=GA1.1.1; AWSALB=x" })).cacheControl).toBe(
      SHARED,
    );
    await fetchFrom("/careers?cdn=1", { cookie: "cookieconsent_status=1" });
    const consented = await fetchFrom("/careers?cdn=1", { cookie: "cookieconsent_status=1" });
    expect([consented.state, consented.cacheControl]).toEqual(["hit", SHARED]);
    // A visitor who accepted analytics is served from memory here, never from a shared copy.
    await fetchFrom("/careers?cdn=1", { cookie: "cookieconsent_status=1; cookieanalytcs_status=1" });
    const tracked = await fetchFrom("/careers?cdn=1", {
      cookie: "cookieconsent_status=1; cookieanalytcs_status=1",
    });
    expect([tracked.state, tracked.cacheControl]).toEqual(["hit", "private, no-cache"]);
    const personalHeaders: Record<string, string>[] = [
      { cookie: "session=abc" },
      { cookie: "_ga=1; session=abc" },
      { authorization: "Bearer x" },
    ];
    for (const headers of personalHeaders) {
      const personal = await fetchFrom("/careers?cdn=1", headers);
      expect(personal.state, JSON.stringify(headers)).toBeNull();
      expect(personal.cacheControl).toBe("private, no-cache");
    }
    // A page its route keeps personal stays so.
    expect((await fetchFrom("/account")).cacheControl).toBe("private, no-store");
    expect((await fetchFrom("/account")).cacheControl).toBe("private, no-store");
  });

  it("shares public API answers with requests without a personal cookie, at most for the route's own lifetime", async () => {
    const url = `/api/jobs?cc=${encodeURIComponent("public, max-age=300")}`;
    for (const expected of ["miss", "hit"]) {
      const answer = await fetchFrom(url);
      expect(answer.state).toBe(expected);
      expect(answer.cacheControl).toBe(SHARED);
      expect(answer.vary).not.toMatch(/\bCookie\b/);
    }
    const short = `/api/jobs?cc=${encodeURIComponent("public, max-age=10")}`;
    expect((await fetchFrom(short)).cacheControl).toBe(
      "public, max-age=0, s-maxage=10, stale-while-revalidate=300",
    );
    // With cookies the site does not read, or a consent choice: the same; with a personal
    // cookie: the browser's lifetime, for the browser only.
    expect((await fetchFrom(url, { cookie: "cookieconsent_status=0; _ga=1" })).cacheControl).toBe(SHARED);
    expect((await fetchFrom(url, { cookie: "session=abc" })).cacheControl).toBe("private, max-age=300");
    // An answer that sets a cookie, or that its route keeps per visitor.
    expect((await fetchFrom(`${url}&flash=1`)).cacheControl).toBe("private, max-age=300");
    expect((await fetchFrom("/api/me")).cacheControl).toBe("no-store");
  });

  it("reads the request and the route's declaration", () => {
    const req = (method: string, headers: Record<string, string> = {}) => ({ method, headers });
    const isShareableRequest = shareableRequests({
      personalCookies: ["session", "__Host-studio_mfa"],
      privateWhen: analyticsAccepted,
    });
    expect(isShareableRequest(req("GET"))).toBe(true);
    expect(isShareableRequest(req("HEAD", { cookie: " ; " }))).toBe(true);
    expect(isShareableRequest(req("POST"))).toBe(false);
    expect(isShareableRequest(req("GET", { cookie: "cookieconsent_status=1" }))).toBe(true);
    expect(isShareableRequest(req("GET", { cookie: "weird; _ga=GA1.1.1" }))).toBe(true);
    expect(isShareableRequest(req("GET", { cookie: "_ga=1; __Host-studio_mfa=x" }))).toBe(false);
    expect(isShareableRequest(req("GET", { cookie: "cookieanalytcs_status=1" }))).toBe(false);
    expect(isShareableRequest(req("GET", { authorization: "Basic eDp5" }))).toBe(false);
    const opts = { page: false, shared: true, sharedCache };
    expect(outsideCacheControl("public", opts)).toBe(SHARED);
    expect(outsideCacheControl("public, s-maxage=5, max-age=300", opts)).toMatch(/s-maxage=5,/);
    // Nothing shared when the setting is 0 or the route gives no time.
    expect(outsideCacheControl("public, max-age=0", opts)).toBe("private, max-age=0");
    expect(
      outsideCacheControl("public", { ...opts, sharedCache: { ...sharedCache, maxAgeSeconds: 0 } }),
    ).toBe("private");
    expect(outsideCacheControl("public", { ...opts, page: true, sharedCache: undefined })).toBe(
      "private, no-cache",
    );
  });
});

describe("script hashes", () => {
  it("hash the executable inline scripts that carry the nonce, and only those", () => {
    const html =
      '<script nonce="n1">a()</script><script nonce="n1" src="/x.js"></script>' +
      '<script nonce="n1" type="application/ld+json">{}</script>' +
      '<script type="module" nonce="n1">b()</script><script nonce="n1">a()</script>' +
      '<script>injected()</script><script nonce="other">c()</script>';
    expect(inlineScriptHashes(html, "n1")).toEqual([sha256("a()"), sha256("b()")]);
  });

  it("hash the module script held until the first paint, whose text then runs as a module", () => {
    const html = `<script nonce="n1" type="${afterPaintModuleType}">m()</script><script nonce="n1" type="text/plain">t</script>`;
    expect(inlineScriptHashes(html, "n1")).toEqual([sha256("m()")]);
  });

  it("leave a page without inline scripts with no script source but 'self'", () => {
    expect(toCacheable("<p>hi</p>", "script-src 'self' 'nonce-n1'; img-src 'self'", "n1").csp).toBe(
      "script-src 'self'; img-src 'self'",
    );
  });

  it("replace the nonce source and attributes", () => {
    const out = toCacheable(
      '<script nonce="n1">a()</script>',
      "script-src 'self' 'nonce-n1'; img-src 'self'",
      "n1",
    );
    expect(out).toEqual({
      html: "<script>a()</script>",
      csp: `script-src 'self' ${sha256("a()")}; img-src 'self'`,
    });
  });
});
