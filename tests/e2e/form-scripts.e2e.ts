import { beforeAll, describe, expect, it } from "vitest";
import { measureHtml, scriptLoader } from "../../scripts/js-budget";
import { type Site, sharedSite } from "./support/harness";
import { pagesWithAForm, playtestSignupFields } from "./support/submissions";

/**
 * What a page with a form makes a browser load at once (docs/decisions/0027-javascript-budget.md):
 * the form renders and works without Zod and the phone library, which load when the visitor
 * first uses the form (useValidatedForm, PhoneField), and without its own code and Conform, which
 * load once the page has hydrated (ui/hydrate-later.tsx, decision 0034). The scripts are those
 * `npm run check:js` counts: the HTML's scripts and modulepreloads and their static imports.
 */

// Zod's core names its classes with this string, in the full build and in zod/mini alike.
const zodMarker = '"$ZodType"';
// libphonenumber-js's metadata, which every build of it carries.
const phoneLibraryMarker = "country_calling_codes";
// Conform's name for the intent field of a form's data, in every build of @conform-to/dom.
const conformMarker = '"__intent__"';

let site: Site;
beforeAll(async () => {
  site = sharedSite();
}, 120_000);

/** The page's HTML and the addresses of its first scripts that contain `marker`. */
async function initialScripts(
  pagePath: string,
): Promise<{ html: string; containing: (marker: string) => string[] }> {
  const response = await fetch(site.url + pagePath);
  expect(response.status, pagePath).toBe(200);
  const html = await response.text();
  const load = scriptLoader(new URL(site.url).origin);
  const { scripts } = await measureHtml(html, site.url + pagePath, load);
  const modules = await Promise.all(
    scripts.map(async ({ url }) => ({ url, code: (await load(url)).toString("utf8") })),
  );
  return {
    html,
    containing: (marker) => modules.filter(({ code }) => code.includes(marker)).map(({ url }) => url),
  };
}

/** A job page with its application form (and its phone field). */
async function jobWithForm(): Promise<string> {
  const careers = await (await fetch(`${site.url}/careers`)).text();
  for (const [, id] of careers.matchAll(/href="\/careers\/(\d+)"/g)) {
    const html = await (await fetch(`${site.url}/careers/${id}`)).text();
    if (html.includes('name="phone.number"')) return `/careers/${id}`;
  }
  throw new Error("no job page with an application form");
}

/** The survey a new playtest sign-up is sent to (its address carries the survey's token). */
async function surveyAfterSignUp(): Promise<string> {
  const res = await fetch(`${site.url}/playtesting`, {
    method: "POST",
    body: new URLSearchParams(playtestSignupFields("Ada Survey", `survey-${Date.now()}@example.com`)),
    headers: { Origin: site.url },
    redirect: "manual",
  });
  const location = res.headers.get("location") ?? "";
  expect(location, await res.text()).toMatch(/^\/playtesting\/survey\?token=/);
  return location;
}

describe("the scripts a page with a form loads at once", { timeout: 120_000 }, () => {
  it.each(pagesWithAForm)(
    "%s renders its form without Zod or Conform (the form hydrates later)",
    async (pagePath) => {
      const { html, containing } = await initialScripts(pagePath);
      expect(html, "the page has its form").toMatch(/<form[^>]*method="post"/);
      expect(containing(zodMarker)).toEqual([]);
      expect(containing(conformMarker)).toEqual([]);
    },
  );

  it("a job page renders its application form, phone field included, without Zod or the phone library", async () => {
    const { containing } = await initialScripts(await jobWithForm());
    expect(containing(zodMarker)).toEqual([]);
    expect(containing(phoneLibraryMarker)).toEqual([]);
  });

  it("the playtest survey renders its questions without Zod", async () => {
    const { html, containing } = await initialScripts(await surveyAfterSignUp());
    expect(html.includes('name="q.favouriteGame"'), "the survey's questions are on the page").toBe(true);
    expect(containing(zodMarker)).toEqual([]);
  });

  it("the playtest sign-up, with its phone field, loads no phone library either", async () => {
    const { html, containing } = await initialScripts("/playtesting");
    expect(html).toContain('name="phone.number"');
    expect(containing(phoneLibraryMarker)).toEqual([]);
  });

  it("the sign-in page of a site with no sign-in platform configured carries neither the platform buttons' code nor their texts", async () => {
    const { html, containing } = await initialScripts("/account/login");
    expect(html, "the sign-in form is there").toContain('name="password"');
    expect(html).not.toContain("platform-signin");
    expect(containing('"platform-signin"')).toEqual([]);
    const namespaces = html.match(/<script type="application\/json" id="page-namespaces">([^<]*)<\/script>/);
    expect(JSON.parse(namespaces?.[1] ?? "null")).not.toContain("platforms");
  });
});
