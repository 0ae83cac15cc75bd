import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import { jobOffers } from "~/features/jobs/tables";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import type { Services } from "~/platform/services.server";
import { contentKinds } from "../../../server/content-kinds";
import { routeManifest } from "../../../tests/support/route-manifest";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createDiscoveryRouter } from "./discovery-routes.server";

const publicUrl = "https://www.stormkettle.example";
let database: Database;
let server: ReturnType<express.Express["listen"]>;
let origin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  const svc = { config: parseConfig({ PUBLIC_URL: publicUrl, NODE_ENV: "test" }), db: database.db };
  const app = express().use(createDiscoveryRouter(svc as unknown as Services, await routeManifest()));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database?.close();
});

/** <url> blocks as { loc, lastmod, alternates: { hreflang: href } }. */
function parseUrls(xml: string) {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, block]) => ({
    loc: /<loc>(.*?)<\/loc>/.exec(block!)?.[1] ?? "",
    lastmod: /<lastmod>(.*?)<\/lastmod>/.exec(block!)?.[1],
    alternates: Object.fromEntries(
      [...block!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        ([, lang, href]) => [lang, href],
      ),
    ),
  }));
}

async function sitemap() {
  const response = await fetch(`${origin}/sitemap.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/xml/);
  return parseUrls(await response.text());
}

async function jobId(slug: string) {
  const [row] = await database.db
    .select({ id: jobOffers.id })
    .from(jobOffers)
    .where(eq(jobOffers.slug, slug));
  return row!.id;
}

describe("GET /sitemap.xml", () => {
  it("lists every public page in every language with hreflang alternates", async () => {
    const urls = await sitemap();
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const page of ["", "/careers", "/internships", "/blog", "/playtesting", "/support", "/privacy"]) {
      expect(locs).toContain(`${publicUrl}${page || "/"}`);
      expect(locs).toContain(`${publicUrl}/fr${page}`);
      expect(locs).toContain(`${publicUrl}/es${page}`);
    }
    const careersFr = urls.find((u) => u.loc === `${publicUrl}/fr/careers`);
    expect(careersFr?.alternates).toEqual({
      en: `${publicUrl}/careers`,
      "fr-CA": `${publicUrl}/fr/careers`,
      es: `${publicUrl}/es/careers`,
      "x-default": `${publicUrl}/careers`,
    });
    // Personal or link-only pages are not listed.
    expect(locs.some((l) => /\/account\/|\/playtesting\/(survey|remove)|\/support\/search/.test(l))).toBe(
      false,
    );
    // Blog articles and support FAQ pages are.
    expect(locs.some((l) => l.startsWith(`${publicUrl}/es/blog/`))).toBe(true);
    expect(locs.some((l) => l.startsWith(`${publicUrl}/fr/support/faq/`))).toBe(true);
  });

  it("lists careers location pages in en and fr only", async () => {
    const locs = (await sitemap()).map((u) => u.loc);
    expect(locs).toContain(`${publicUrl}/careers/locations/quebec`);
    expect(locs).toContain(`${publicUrl}/fr/careers/locations/quebec`);
    expect(locs).not.toContain(`${publicUrl}/es/careers/locations/quebec`);
  });

  it("lists open offers with lastmod, Quebec offers only in the languages they are written in", async () => {
    const urls = await sitemap();
    const gent = await jobId("gent-senior-combat-designer");
    const page = urls.find((u) => u.loc === `${publicUrl}/careers/${gent}`);
    expect(page?.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(Object.keys(page?.alternates ?? {})).toEqual(["en", "fr-CA", "es", "x-default"]);

    const quebec = await jobId("quebec-open-application"); // written in en and fr
    const quebecLocs = urls.filter((u) => u.loc.endsWith(`/careers/${quebec}`)).map((u) => u.loc);
    expect(quebecLocs).toEqual([`${publicUrl}/careers/${quebec}`, `${publicUrl}/fr/careers/${quebec}`]);
  });

  it("leaves out closed and past-closing offers", async () => {
    const closed = await jobId("gent-audio-designer");
    const past = await jobId("dublin-gameplay-qa-tester");
    await database.db.update(jobOffers).set({ status: "closed" }).where(eq(jobOffers.id, closed));
    await database.db
      .update(jobOffers)
      .set({ closesAt: new Date(Date.now() - 60_000) })
      .where(eq(jobOffers.id, past));
    const locs = (await sitemap()).map((u) => u.loc);
    expect(locs.some((l) => l.endsWith(`/careers/${closed}`))).toBe(false);
    expect(locs.some((l) => l.endsWith(`/careers/${past}`))).toBe(false);
  });
});

describe("GET /robots.txt", () => {
  it("allows crawling and points to the sitemap by its absolute address", async () => {
    const response = await fetch(`${origin}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
    expect(text).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
  });
});
