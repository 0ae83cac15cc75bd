import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { accountPassword, createVerifiedAccount } from "./support/accounts";
import { type Site, startSite } from "./support/harness";

/**
 * Account pages show a link's token (reset, verify) or personal data: none may be kept by any
 * cache. The pages come from the route configuration, so a new account page is checked too.
 */

type RouteEntry = { path?: string; children?: RouteEntry[] };

/** Every page path under /account (without the optional language segment). */
function accountPaths(entries: RouteEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? `${prefix}/${entry.path}` : prefix;
    const own = entry.path && /(^|\/)account(\/|$)/.test(entry.path) ? [here.replace("/:lang?", "")] : [];
    return [...own, ...accountPaths(entry.children ?? [], here)];
  });
}

let site: Site;
let sessionCookie: string;

beforeAll(async () => {
  site = await startSite();
  await createVerifiedAccount(site, { username: "cache_c", email: "cache@example.com" });
  const res = await fetch(`${site.url}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({ identifier: "cache_c", password: accountPassword }),
  });
  expect(res.status).toBe(200);
  sessionCookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
});

afterAll(async () => {
  await site?.stop();
});

const directives = (cacheControl: string | null) =>
  (cacheControl ?? "").split(",").map((d) => d.trim().toLowerCase());

describe("account pages and caches", () => {
  const paths = accountPaths(routes as RouteEntry[]);

  it("finds the account pages in the route configuration", () => {
    expect(paths.length).toBeGreaterThan(10);
    expect(paths).toEqual(expect.arrayContaining(["/account", "/account/reset", "/account/verify"]));
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
          if (res.status === 200)
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
