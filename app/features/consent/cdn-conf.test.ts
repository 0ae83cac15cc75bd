import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { cookieNames, pageCacheCookies } from "~/platform/privacy/cookie-registry.server";
import { ANALYTICS_CONSENT_COOKIE, CONSENT_COOKIE, CONSENT_RECORD_COOKIE } from "./consent-cookies";
import { siteCookies } from "./cookie-list.server";

/**
 * The shipped CDN configuration (deploy/nginx/cdn.conf, cdn-location.conf) repeats what the
 * site's cookie list says, in nginx's terms: these keep the two in step. What it does with them
 * is tried through nginx in tests/integration/cdn.integration.ts.
 */
const cdnConf = fs.readFileSync("deploy/nginx/cdn.conf", "utf8");
const locationConf = fs.readFileSync("deploy/nginx/cdn-location.conf", "utf8");

describe("the shipped CDN configuration", () => {
  it("passes through every personal cookie of the site's list, under both its names, and not the session", () => {
    const pattern = /map \$http_cookie \$studio_personal \{[^}]*"~([^"]+)" 1;/.exec(cdnConf)?.[1];
    expect(pattern).toBeDefined();
    const personal = new RegExp(pattern ?? "$^");
    for (const secure of [false, true]) {
      const config = parseConfig({ PUBLIC_URL: secure ? "https://studio.example" : "http://localhost:3000" });
      const names = pageCacheCookies(siteCookies(), config).personalCookies;
      expect(names.length).toBeGreaterThanOrEqual(4);
      for (const name of names) {
        expect(personal.test(`${name}=x`), name).toBe(true);
        expect(personal.test(`_ga=1; ${name}=x; b=2`), name).toBe(true);
      }
    }
    // Names that only end like a personal one are someone else's.
    expect(personal.test("other_studio_mfa=x")).toBe(false);
    // The session is not personal: a signed-in visitor gets the CDN's copy of public pages
    // (docs/decisions/0060); the account area and status pages are never kept (no-store).
    expect(personal.test("__Host-studio_session=x; __Host-studio_signed_in=1")).toBe(false);
    expect(personal.test("studio_session=x")).toBe(false);
    expect(personal.test("_ga=GA1.1.1; AWSALB=x")).toBe(false);
  });

  it("keys on every cookie pages are rendered from, and on nothing else of the visitor's", () => {
    const config = parseConfig({ PUBLIC_URL: "https://studio.example" });
    const rendered = siteCookies()
      .filter((cookie) => cookie.page.kind === "rendered")
      .flatMap((cookie) => cookieNames(cookie, config));
    expect(rendered.sort()).toEqual([ANALYTICS_CONSENT_COOKIE, CONSENT_COOKIE, CONSENT_RECORD_COOKIE].sort());
    const key = /proxy_cache_key "([^"]+)";/.exec(locationConf)?.[1] ?? "";
    expect(key).toContain(`$cookie_${CONSENT_COOKIE}`);
    expect(key).toContain(`$cookie_${ANALYTICS_CONSENT_COOKIE}`);
    // The record cookie only by its revision (a map of cdn.conf), never its per-visitor id.
    expect(key).not.toContain(`$cookie_${CONSENT_RECORD_COOKIE}`);
    expect(key).toContain("$studio_consent_revision");
    expect(cdnConf).toContain(`map $cookie_${CONSENT_RECORD_COOKIE} $studio_consent_revision`);
    expect(cdnConf).toContain(`map $cookie_${ANALYTICS_CONSENT_COOKIE} $studio_tracked`);
  });
});
