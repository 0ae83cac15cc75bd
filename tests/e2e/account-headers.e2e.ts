import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { accountPassword, createVerifiedAccount } from "./support/accounts";
import { type Site, sharedSite } from "./support/harness";

/**
 * Account pages show a link's token (reset, verify) or personal data: none may be kept by any
 * cache. Nor may any other page that takes a token in its address (the e-mailed links of the
 * playtest survey and removal, of alert management), nor any page's answer to a form post (a
 * form sent again shows the values sent). The pages come from the route configuration and
 * their modules, so a new such page is checked too.
 */

type RouteEntry = { path?: string; file?: string; children?: RouteEntry[] };

/** Every page (a module under routes/): its path without the language segment, and its source. */
function pages(entries: RouteEntry[], prefix = ""): Array<{ path: string; source: string }> {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${prefix}/${entry.path}` : prefix;
    const own =
      entry.file?.startsWith("routes/") && entry.file !== "routes/lang.tsx"
        ? [
            {
              path: here.replace("/:lang?", "") || "/",
              source: fs.readFileSync(path.join("app", entry.file), "utf8"),
            },
          ]
        : [];
    return [...own, ...pages(entry.children ?? [], here)];
  });
}

/** Every page path under /account (without the optional language segment). */
function accountPaths(entries: RouteEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${prefix}/${entry.path}` : prefix;
    const own = entry.path && /(^|\/)account(\/|$)/.test(entry.path) ? [here.replace("/:lang?", "")] : [];
    return [...own, ...accountPaths(entry.children ?? [], here)];
  });
}

/**
 * The paths of downloads under /account (resource routes whose loader is `postOnly`): a GET
 * renders nothing there, it answers 405, and that answer must not be kept either.
 */
function postOnlyPaths(entries: RouteEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${prefix}/${entry.path}` : prefix;
    const own =
      entry.file &&
      /(^|\/)account(\/|$)/.test(entry.path ?? "") &&
      /export const loader = postOnly\b/.test(fs.readFileSync(path.join("app", entry.file), "utf8"))
        ? [here.replace("/:lang?", "")]
        : [];
    return [...own, ...postOnlyPaths(entry.children ?? [], here)];
  });
}

let site: Site;
let sessionCookie: string;
let jobId: string;

beforeAll(async () => {
  site = sharedSite();
  await createVerifiedAccount(site, { username: "cache_c", email: "cache@example.com" });
  const res = await fetch(`${site.url}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({ identifier: "cache_c", password: accountPassword }),
  });
  expect(res.status).toBe(200);
  sessionCookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
  const jobs = (await (await fetch(`${site.url}/api/offices/job-offers?lang=en`)).json()) as {
    items: Array<{ id: number }>;
  };
  jobId = String(jobs.items[0]!.id);
});

const directives = (cacheControl: string | null) =>
  (cacheControl ?? "").split(",").map((d) => d.trim().toLowerCase());

describe("account pages and caches", () => {
  const paths = accountPaths(routes as RouteEntry[]);
  const downloads = new Set(postOnlyPaths(routes as RouteEntry[]));

  it("finds the account pages in the route configuration", () => {
    expect(paths.length).toBeGreaterThan(10);
    expect(paths).toEqual(expect.arrayContaining(["/account", "/account/reset", "/account/verify"]));
    expect([...downloads]).toEqual(["/account/data/download"]);
  });

  it.each(["", "/fr"])(
    "every account page answers Cache-Control: no-store (language prefix '%s')",
    async (lang) => {
      const rendered: Array<{ page: string; cacheControl: string }> = [];
      for (const path of paths) {
        // With a token in the address and a pending second step, signed in or not: each page
        // renders for one of the two visitors (for the other it redirects).
        for (const cookie of ["studio_mfa=pending", `${sessionCookie}; studio_mfa=pending`]) {
          const res = await fetch(`${site.url}${lang}${path}?token=a-token-from-an-e-mail`, {
            headers: { cookie },
            redirect: "manual",
          });
          await res.arrayBuffer();
          if (res.status === 200 || (downloads.has(path) && res.status === 405))
            rendered.push({ page: `${lang}${path}`, cacheControl: res.headers.get("cache-control") ?? "" });
        }
      }
      expect(new Set(rendered.map((r) => r.page))).toEqual(new Set(paths.map((path) => `${lang}${path}`)));
      expect(rendered.filter((r) => !directives(r.cacheControl).includes("no-store"))).toEqual([]);
    },
  );

  it("the data a signed-in page loads in the browser answers no-store too", async () => {
    const res = await fetch(`${site.url}/account/profile.data`, { headers: { cookie: sessionCookie } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("cache@example.com");
    expect(directives(res.headers.get("cache-control"))).toContain("no-store");
  });

  it("a form's answer, which shows the values sent, answers no-store", async () => {
    const res = await fetch(`${site.url}/account/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
      body: new URLSearchParams({ identifier: "cache@example.com", password: "Wrong-Pass-1" }),
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("cache@example.com");
    expect(directives(res.headers.get("cache-control"))).toContain("no-store");
  });
});

/** An address for a page path: its parameters filled with plausible values. */
const address = (pagePath: string) =>
  pagePath
    .replace(":id/:token", "4f1c2a9e-0000-4000-8000-000000000000/an-alert-token-from-an-e-mail-0123456789abc")
    .replace(":id", jobId)
    .replace(":slug", "how-do-i-reset-my-password");

describe("other pages with a token in their address, and form answers", () => {
  const all = pages(routes as RouteEntry[]);
  const tokenPages = all.filter(
    (page) => page.path.includes(":token") || /searchParams\.get\("token"\)/.test(page.source),
  );
  const actionPages = all.filter((page) => /export (async )?(function|const) action\b/.test(page.source));

  it("finds them in the route configuration", () => {
    expect(tokenPages.map((page) => page.path)).toEqual(
      expect.arrayContaining(["/playtesting/survey", "/playtesting/remove", "/alerts/manage/:id/:token"]),
    );
    expect(actionPages.map((page) => page.path)).toEqual(
      expect.arrayContaining(["/contact", "/careers/:id", "/playtesting", "/support/report", "/alerts"]),
    );
  });

  it.each(["", "/fr"])("every page with a token in its address answers no-store ('%s')", async (lang) => {
    const answers: Array<{ page: string; status: number; cacheControl: string }> = [];
    for (const page of tokenPages) {
      for (const data of ["", ".data"]) {
        const res = await fetch(
          `${site.url}${lang}${address(page.path)}${data}?token=a-token-from-an-e-mail`,
          {
            redirect: "manual",
          },
        );
        await res.arrayBuffer();
        answers.push({
          page: `${lang}${page.path}${data}`,
          status: res.status,
          cacheControl: res.headers.get("cache-control") ?? "",
        });
      }
    }
    expect(answers.filter((a) => a.status >= 300 && a.status < 400)).toEqual([]);
    expect(answers.filter((a) => !directives(a.cacheControl).includes("no-store"))).toEqual([]);
  });

  it("every page's answer to a form post that it does not redirect answers no-store", async () => {
    const echoed: string[] = [];
    const answers: Array<{ page: string; status: number; cacheControl: string }> = [];
    for (const page of actionPages) {
      for (const data of ["", ".data"]) {
        const form = new FormData();
        form.set("name", "Echo Visitor");
        form.set("email", "echo.visitor@example.com");
        const res = await fetch(`${site.url}${address(page.path)}${data}`, {
          method: "POST",
          headers: { origin: site.url },
          body: form,
          redirect: "manual",
        });
        const body = await res.text();
        // A redirect (a data request's is a 202 saying where to go) shows nothing.
        if ((res.status >= 300 && res.status < 400) || (data && res.status === 202)) continue;
        if (body.includes("echo.visitor@example.com")) echoed.push(`${page.path}${data}`);
        answers.push({
          page: `${page.path}${data}`,
          status: res.status,
          cacheControl: res.headers.get("cache-control") ?? "",
        });
      }
    }
    // The forms that take personal data send it back with their messages, as page and as data.
    expect(echoed).toEqual(
      expect.arrayContaining(
        ["/contact", "/careers/:id", "/playtesting", "/support/report", "/alerts"].flatMap((p) => [
          p,
          `${p}.data`,
        ]),
      ),
    );
    expect(answers.filter((a) => !directives(a.cacheControl).includes("no-store"))).toEqual([]);
  });

  it("public pages stay cacheable", async () => {
    for (const pagePath of ["/", "/careers", "/blog"]) {
      const res = await fetch(`${site.url}${pagePath}`);
      await res.arrayBuffer();
      expect(directives(res.headers.get("cache-control")), pagePath).not.toContain("no-store");
    }
  });
});
