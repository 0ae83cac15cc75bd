import { eq } from "drizzle-orm";
import { isRouteErrorResponse, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import { searchJobOffers } from "~/features/jobs/index.server";
import { jobOffers } from "~/features/jobs/tables";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { servicesContext } from "~/platform/request-context";
import type { Services } from "~/platform/services.server";
import { loader as careersLoader } from "~/routes/careers";
import { loader as locationLoader } from "~/routes/careers-locations-single";
import { loader as jobLoader } from "~/routes/careers-single";
import { loader as homeLoader } from "~/routes/home";
import { loader as internshipsLoader } from "~/routes/internships";
import { loader as playtestingLoader } from "~/routes/playtesting";
import { contentKinds } from "../../server/content-kinds";
import { expectEach } from "../support/expect-each";
import { testContent } from "../support/test-content";
import { createTestDatabase } from "../support/test-db";

/**
 * The page loaders against the studio's real content: what each page gets, and the 404s and
 * redirect of docs/requirements.md#languages-and-routes and docs/requirements.md#error-page (a
 * malformed or unknown id, an unknown studio, Spanish location pages).
 */
const publicUrl = "https://www.stormkettle.example";
let database: Database;
let context: RouterContextProvider;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  context = new RouterContextProvider();
  const config = parseConfig({ PUBLIC_URL: publicUrl, NODE_ENV: "test" });
  context.set(servicesContext, { config, db: database.db, database } as unknown as Services);
});

afterAll(async () => {
  await database?.close();
});

/** The arguments React Router hands a loader for an address. */
function args<P extends Record<string, string | undefined>>(address: string, params: P) {
  const url = new URL(address, publicUrl);
  return {
    request: new Request(url),
    url,
    params,
    context,
    pattern: "",
    unstable_pattern: "",
  } as never;
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("the loader did not throw");
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof Response) return error.status;
  if (isRouteErrorResponse(error)) return error.status;
  return (error as { init?: { status?: number } }).init?.status;
}

describe("job page loader", () => {
  it("answers 404 for a malformed, zero or unknown id", async () => {
    for (const id of ["abc", "0", "12abc", "-1", "99999999999", "424242"]) {
      const error = await thrown(jobLoader(args(`/careers/${id}`, { id })));
      expect(statusOf(error), id).toBe(404);
    }
  });

  it("gives an open offer its formatted facts, safe description and JobPosting data", async () => {
    const [open] = (await searchJobOffers(database.db, { lang: "fr", location: "gent" })).items;
    expect(open).toBeDefined();
    const id = String(open!.id);
    const data = await jobLoader(args(`/fr/careers/${id}`, { lang: "fr", id }));
    expect(data.job.title).toBe(open!.title);
    expect(data.job.descriptionHtml).toMatch(/^<(p|h2|ul)/);
    expect(data.job.descriptionHtml).not.toMatch(/<script/i);
    // Gent is in the EU: pay is published, formatted for French readers.
    expect(data.job.salary?.min).toMatch(/€/);
    expect(data.job.published).toMatch(/20\d\d$/);
    expect(data.seo.title).toBe(open!.title);
    expect(data.seo.url).toBe(`${publicUrl}/fr/careers/${id}`);
    expect(data.jsonLd).toMatchObject({ "@type": "JobPosting", title: open!.title });
  });

  it("keeps the list's filters for the back link, and shows a closed offer with open ones of its team", async () => {
    const [closed] = (await searchJobOffers(database.db, { lang: "en", team: "quality-assurance" })).items;
    const [other] = (await searchJobOffers(database.db, { lang: "en", team: "gameplay-qa" })).items;
    const id = String(closed!.id);
    const open = await jobLoader(args(`/careers/${id}?team=quality-assurance&junk=1`, { id }));
    expect(open.listSearch).toBe("?team=quality-assurance");
    expect(open.suggestions).toEqual([]);
    await database.db.update(jobOffers).set({ status: "closed" }).where(eq(jobOffers.id, closed!.id));
    await database.db.update(jobOffers).set({ team: "quality-assurance" }).where(eq(jobOffers.id, other!.id));
    try {
      const data = await jobLoader(args(`/careers/${id}`, { id }));
      expect(data.job.isOpen).toBe(false);
      expect(data.jsonLd).toBeNull();
      expect(data.suggestions.map((job) => job.id)).toEqual([other!.id]);
    } finally {
      await database.db.update(jobOffers).set({ status: "open" }).where(eq(jobOffers.id, closed!.id));
      await database.db.update(jobOffers).set({ team: "gameplay-qa" }).where(eq(jobOffers.id, other!.id));
    }
  });
});

describe("a Quebec offer in Spanish", () => {
  it("is shown in French, never in a more available English version", async () => {
    // Not listed in Spanish (no Spanish text), but its address still answers.
    const [offer] = (
      await searchJobOffers(database.db, { lang: "fr", location: "quebec", team: "gameplay-programming" })
    ).items;
    const id = String(offer!.id);
    const data = await jobLoader(args(`/es/careers/${id}`, { lang: "es", id }));
    expect(data.job.textLanguage).toBe("fr");
    expect(data.job.title).toBe("Programmeur ou programmeuse gameplay senior");
  });
});

describe("careers location loader", () => {
  it("sends Spanish visitors to the English page (en and fr only, docs/requirements.md#languages-and-routes)", async () => {
    const error = await thrown(
      locationLoader(args("/es/careers/locations/gent?team=art", { lang: "es", slug: "gent" })),
    );
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(302);
    expect((error as Response).headers.get("Location")).toBe("/careers/locations/gent?team=art");
  });

  it("answers 404 for an unknown or malformed studio", async () => {
    for (const slug of ["atlantis", "Gent", "../gent"]) {
      const error = await thrown(locationLoader(args(`/careers/locations/${slug}`, { slug })));
      expect(statusOf(error), slug).toBe(404);
    }
  });

  it("shows the studio with its open offers and offers only English and French alternates", async () => {
    const data = await locationLoader(args("/fr/careers/locations/quebec", { lang: "fr", slug: "quebec" }));
    expect(data.office.name).toBe("Québec");
    expectEach(data.jobs, (job) => job.office.name === "Québec");
    // As their cards show them (JobCard): no address, salary or dates in the page's data.
    expectEach(
      data.jobs,
      (job) => Object.keys(job).sort().join(",") === "commitment,id,level,office,team,textLanguage,title",
    );
    expect(data.otherOffices).toHaveLength(6);
    expect(data.seo.title).toBe("Carrières à Québec");
    expect(data.seo.alternates.map((a) => a.lang)).toEqual(["en", "fr"]);
  });
});

describe("section pages", () => {
  it("careers lists open offers and links the open application", async () => {
    const data = await careersLoader(args("/careers", {}));
    expect(data.result.items.length).toBeGreaterThan(0);
    expect(data.offices).toHaveLength(7);
    expect(data.seo.title).toBe("Careers");
    // The test content has an open application (quebec-open-application).
    expect(data.openApplicationId).not.toBeNull();
    expect(data.result.items.find((job) => job.id === data.openApplicationId)?.level.label).toBe(
      "Open Application",
    );
  });

  it("careers sends each offer as its card shows it: no address, salary or dates in the page's data", async () => {
    const data = await careersLoader(args("/careers", {}));
    const cardKeys = "commitment,id,level,office,team,textLanguage,title";
    expectEach(data.result.items, (job) => Object.keys(job).sort().join(",") === cardKeys);
    expectEach(data.result.items, (job) => Object.keys(job.office).sort().join(",") === "country,name");
    expectEach(data.result.items, (job) => Object.keys(job.team).join(",") === "label");
  });

  it("careers filters from the address, `studio` setting the location, unknown values dropped", async () => {
    const data = await careersLoader(
      args("/fr/careers?studio=quebec&team=nope&query=PROGRAMMEUR", { lang: "fr" }),
    );
    expect(data.result.filters).toEqual({ location: "quebec", query: "PROGRAMMEUR", page: 1 });
    expect(data.result.items.map((job) => job.title)).toEqual([
      "Programmeur ou programmeuse gameplay senior",
    ]);
  });

  it("internships list early-career offers and the internship questions with rendered answers", async () => {
    const data = await internshipsLoader(args("/es/internships", { lang: "es" }));
    const items = data.faq.flatMap((group) => group.items);
    // The test content's three (faq/internships).
    expect(items).toHaveLength(3);
    expectEach(items, (item) => item.html.startsWith("<"));
    // A card names its level and commitment by label: the listed offers' slugs, from the search.
    const all = (await searchJobOffers(database.db, { lang: "es", pageSize: 100 })).items;
    const listed = all.filter((job) => data.jobs.some((card) => card.id === job.id));
    expect(listed).toHaveLength(data.jobs.length);
    expectEach(listed, (job) => job.commitment.slug === "internship" || job.level.slug === "junior");
    expect(data.seo.lang).toBe("es");
  });

  it("playtesting names the five sign-up locations with their host studios", async () => {
    const data = await playtestingLoader(args("/playtesting", {}));
    expect(data.locations.map((l) => l.key)).toEqual(["gent", "quebec", "barcelona", "warsaw", "selangor"]);
    expectEach(data.locations, (l) => l.office !== null);
    expect(data.locations.at(-1)?.office?.address.region).toBe("Selangor");
    // The test content's two playtesting categories, three answers each.
    expect(data.faq.flatMap((group) => group.items)).toHaveLength(6);
  });

  it("home gathers the hero, four values, awards, games and the studio's figures", async () => {
    const data = await homeLoader(args("/", {}));
    expect(data.valuePanels).toHaveLength(4);
    expect(data.awards.length).toBeGreaterThan(0);
    expect(data.games.length).toBeGreaterThan(0);
    expect(data.about.html).toContain("<p>");
    expect(data.stats.offices).toBe(7);
    expect(data.seo.url).toBe(`${publicUrl}/`);
  });
});
