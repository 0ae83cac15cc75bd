import Validator from "@adobe/structured-data-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { type Site, sharedSite } from "./support/harness";

/**
 * What search engines read: sitemap.xml, robots.txt, each open job page's JobPosting and each
 * game page's VideoGame, checked with Adobe's structured-data validator (Google's rich-result
 * rules: required and recommended properties) on the page as the production build renders it.
 */
const crawler = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };

type Issue = { issueMessage: string; severity: "ERROR" | "WARNING"; fieldNames?: string[] };

function jsonLdBlocks(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json!) as Record<string, unknown>,
  );
}

function metaContent(html: string, attr: "property" | "name", key: string): string | undefined {
  const tag = [...html.matchAll(/<meta\b[^>]*>/g)]
    .map((m) => m[0])
    .find((t) => t.includes(`${attr}="${key}"`));
  return tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
}

describe("discovery: sitemap, robots and job structured data", () => {
  let site: Site;
  let sitemap = "";
  beforeAll(async () => {
    site = sharedSite();
    const res = await fetch(`${site.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    sitemap = await res.text();
  });

  it("serves a sitemap with hreflang alternates and a robots.txt pointing to it", async () => {
    expect(sitemap).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(sitemap).toContain(`<loc>${site.url}/fr/careers</loc>`);
    expect(sitemap).toContain(`<xhtml:link rel="alternate" hreflang="fr-CA" href="${site.url}/fr/careers"/>`);
    const robots = await (await fetch(`${site.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${site.url}/sitemap.xml`);
  });

  it("every open job page in the sitemap carries a JobPosting that passes the validator", async () => {
    const jobUrls = [...sitemap.matchAll(/<loc>([^<]*\/careers\/\d+)<\/loc>/g)]
      .map(([, loc]) => loc!)
      .filter((loc) => !/\/(fr|es)\//.test(loc));
    expect(jobUrls.length).toBeGreaterThan(3);
    const validator = new Validator();
    const images = new Set<string>();
    for (const url of jobUrls) {
      const res = await fetch(url, { headers: crawler });
      expect(res.status, url).toBe(200);
      const html = await res.text();
      const postings = jsonLdBlocks(html).filter((b) => b["@type"] === "JobPosting");
      expect(postings, url).toHaveLength(1);
      const posting = postings[0]!;
      const issues = (await validator.validate({ jsonld: { JobPosting: [posting] } })) as Issue[];
      // Errors are missing required properties; warnings missing recommended ones. An offer
      // without a closing date has no validThrough to give, one without pay (outside the EU, or
      // an open application) no baseSalary, and our offices are no remote jobs.
      const allowed = new Set([
        ...(posting.validThrough ? [] : ["validThrough"]),
        ...(posting.baseSalary ? [] : ["baseSalary"]),
        "applicantLocationRequirements",
        "jobLocationType",
      ]);
      const problems = issues.filter(
        (i) => i.severity === "ERROR" || !(i.fieldNames ?? []).every((f) => allowed.has(f)),
      );
      expect(problems, `${url}: ${JSON.stringify(problems)}`).toEqual([]);
      expect(posting).toMatchObject({
        "@context": "https://schema.org",
        url,
        directApply: expect.any(Boolean),
        identifier: { "@type": "PropertyValue" },
        jobLocation: {
          address: { "@type": "PostalAddress", addressCountry: expect.stringMatching(/^[A-Z]{2}$/) },
        },
      });
      expect(posting.employmentType).not.toBe("OTHER");

      // Link previews: Open Graph and a Twitter card.
      expect(metaContent(html, "property", "og:url"), url).toBe(url);
      expect(metaContent(html, "property", "og:title"), url).toBeTruthy();
      expect(metaContent(html, "property", "og:description"), url).toBeTruthy();
      expect(metaContent(html, "name", "twitter:card"), url).toBe("summary_large_image");
      const image = metaContent(html, "property", "og:image");
      expect(image, url).toMatch(/^http:\/\/.*\/images\/social\/offices\/[a-z-]+\.jpg$/);
      images.add(image!);
    }
    // Every preview image is served (the networks fetch them as JPEG; they do not show SVG).
    for (const image of images) {
      const res = await fetch(image);
      expect(res.status, image).toBe(200);
      expect(res.headers.get("content-type"), image).toBe("image/jpeg");
    }
  });

  it("every game page is in the sitemap in each language and carries a VideoGame that passes the validator", async () => {
    const gameUrls = [...sitemap.matchAll(/<loc>([^<]*\/games\/[a-z-]+)<\/loc>/g)].map(([, loc]) => loc!);
    // The test content's four games, in three languages each.
    expect(gameUrls).toHaveLength(12);
    expect(sitemap).toContain(
      `<xhtml:link rel="alternate" hreflang="fr-CA" href="${site.url}/fr/games/tidebound"/>`,
    );
    const validator = new Validator();
    const english = gameUrls.filter((loc) => !/\/(fr|es)\//.test(loc));
    expect(english).toHaveLength(4);
    for (const url of english) {
      const html = await (await fetch(url, { headers: crawler })).text();
      const games = jsonLdBlocks(html).filter((b) => b["@type"] === "VideoGame");
      expect(games, url).toHaveLength(1);
      const game = games[0]!;
      const issues = (await validator.validate({ jsonld: { VideoGame: [game] } })) as Issue[];
      // A trailer's VideoObject has no duration, regions or view counts to give.
      const allowed = new Set([
        "duration",
        "expires",
        "hasPart",
        "publication",
        "ineligibleRegion",
        "regionsAllowed",
        "interactionStatistic",
        "interactionCount",
      ]);
      const problems = issues.filter(
        (i) => i.severity === "ERROR" || !(i.fieldNames ?? []).every((f) => allowed.has(f)),
      );
      expect(problems, `${url}: ${JSON.stringify(problems)}`).toEqual([]);
      expect(game, url).toMatchObject({
        "@context": "https://schema.org",
        url,
        name: expect.any(String),
        description: expect.any(String),
        genre: expect.any(String),
        gamePlatform: expect.arrayContaining([expect.any(String)]),
        image: expect.stringMatching(/^http:\/\/.*\/images\/social\/games\/[a-z-]+\.jpg$/),
      });
    }
    const tidebound = jsonLdBlocks(await (await fetch(`${site.url}/games/tidebound`)).text())[0]!;
    expect(tidebound).toMatchObject({
      genre: "Co-op sailing adventure",
      datePublished: "2019-06-12",
      trailer: {
        "@type": "VideoObject",
        name: "Tidebound launch trailer",
        uploadDate: "2019-05-28",
        thumbnailUrl: `${site.url}/press-kits/tidebound/thumbs/scene.jpg.webp`,
      },
    });
  });

  it("a Quebec offer links only the languages it is written in, and elsewhere names the French text's page as canonical", async () => {
    // The sitemap lists a Quebec offer only in its written languages; find one without Spanish.
    const entries = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, block]) => block!);
    const frenchOnly = entries
      .map((block) => ({
        loc: /<loc>([^<]*)<\/loc>/.exec(block)?.[1] ?? "",
        langs: [...block.matchAll(/hreflang="([^"]+)"/g)].map(([, l]) => l!).filter((l) => l !== "x-default"),
      }))
      .find((e) => /\/fr\/careers\/\d+$/.test(e.loc) && !e.langs.includes("es"));
    expect(frenchOnly, "a Quebec offer without a Spanish text").toBeDefined();
    const id = /\/careers\/(\d+)$/.exec(frenchOnly!.loc)![1];
    const html = await (await fetch(`${site.url}/es/careers/${id}`, { headers: crawler })).text();
    const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)]
      .map(([, lang]) => lang!)
      .filter((l) => l !== "x-default");
    expect(alternates.sort()).toEqual([...frenchOnly!.langs].sort());
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(
      frenchOnly!.langs.map((l) =>
        l === "en" ? `${site.url}/careers/${id}` : `${site.url}/${l.slice(0, 2)}/careers/${id}`,
      ),
    ).toContain(canonical);
  });

  it("keeps closed offers out of search engines: noindex and no JobPosting", async () => {
    const listed = new Set([...sitemap.matchAll(/\/careers\/(\d+)<\/loc>/g)].map(([, id]) => Number(id)));
    // Offers left out of the sitemap are the closed ones (content holds one); their pages still answer.
    const checked: number[] = [];
    for (let id = 1; id <= Math.max(...listed) + 5; id++) {
      if (listed.has(id)) continue;
      const res = await fetch(`${site.url}/careers/${id}`, { headers: crawler });
      if (res.status !== 200) continue;
      const html = await res.text();
      expect(metaContent(html, "name", "robots"), `/careers/${id}`).toBe("noindex");
      expect(jsonLdBlocks(html).filter((b) => b["@type"] === "JobPosting")).toEqual([]);
      checked.push(id);
    }
    expect(checked.length).toBeGreaterThan(0);
  });
});
