import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { consentCookieHeaders, consentSubmissionSchema, safeReturnTo } from "./consent.server";
import { analyticsGranted, readConsent } from "./consent-cookies";

const now = new Date("2026-04-10T08:00:00Z");
const in90Days = "Thu, 09 Jul 2026 08:00:00 GMT";

describe("the banner's choices (SPEC §4)", () => {
  it("Accept All grants analytics whatever the box says", () => {
    expect(analyticsGranted("accept-all", false)).toBe(true);
    expect(analyticsGranted("accept-all", true)).toBe(true);
  });

  it("Confirm my choices follows the Analytics box", () => {
    expect(analyticsGranted("confirm", true)).toBe(true);
    expect(analyticsGranted("confirm", false)).toBe(false);
  });

  it("reject never grants analytics", () => {
    expect(analyticsGranted("reject", true)).toBe(false);
  });

  it("reads checkbox values the way forms and JSON send them", () => {
    const parse = (input: unknown) => consentSubmissionSchema.parse(input);
    expect(parse({ choice: "confirm", analytics: "1" }).analytics).toBe(true);
    expect(parse({ choice: "confirm", analytics: "on" }).analytics).toBe(true);
    expect(parse({ choice: "confirm", analytics: true }).analytics).toBe(true);
    expect(parse({ choice: "confirm" }).analytics).toBe(false);
    expect(parse({ choice: "confirm", analytics: false }).analytics).toBe(false);
    expect(consentSubmissionSchema.safeParse({ choice: "yes-please" }).success).toBe(false);
    expect(consentSubmissionSchema.safeParse({ choice: "confirm", analytics: "maybe" }).success).toBe(false);
  });
});

describe("reading the consent cookies", () => {
  it("shows the banner when no consent cookie exists", () => {
    expect(readConsent(undefined)).toEqual({ decided: false, analytics: false });
    expect(readConsent("other=1")).toEqual({ decided: false, analytics: false });
    // An analytics flag without the consent cookie is no choice.
    expect(readConsent("cookieanalytcs_status=1")).toEqual({ decided: false, analytics: false });
  });

  it("reads a stored choice", () => {
    expect(readConsent("cookieconsent_status=1; cookieanalytcs_status=1")).toEqual({
      decided: true,
      analytics: true,
    });
    expect(readConsent("cookieconsent_status=1; cookieanalytcs_status=0")).toEqual({
      decided: true,
      analytics: false,
    });
    expect(readConsent("cookieconsent_status=1")).toEqual({ decided: true, analytics: false });
  });

  it("asks again when the consent cookie holds something else", () => {
    expect(readConsent("cookieconsent_status=yes; cookieanalytcs_status=1").decided).toBe(false);
  });
});

describe("storing a choice", () => {
  const http = parseConfig({ PUBLIC_URL: "http://localhost:3000" });
  const https = parseConfig({
    PUBLIC_URL: "https://www.studio.example",
    ANALYTICS_COOKIE_NAMES: "_pa_id, _pa_ses",
  });

  it("sets exactly the two spec cookies for 90 days, Path=/, SameSite=Lax", () => {
    expect(consentCookieHeaders(http, true, now)).toEqual([
      `cookieconsent_status=1; Max-Age=7776000; Expires=${in90Days}; Path=/; SameSite=Lax`,
      `cookieanalytcs_status=1; Max-Age=7776000; Expires=${in90Days}; Path=/; SameSite=Lax`,
    ]);
  });

  it("marks them Secure over HTTPS", () => {
    const [consent, analytics] = consentCookieHeaders(https, true, now);
    expect(consent).toMatch(/; Secure$/);
    expect(analytics).toMatch(/^cookieanalytcs_status=1;.*; Secure$/);
  });

  it("on refusal stores analytics 0 and deletes the provider's cookies on every domain", () => {
    const headers = consentCookieHeaders(https, false, now);
    expect(headers[0]).toMatch(/^cookieconsent_status=1; Max-Age=7776000;/);
    expect(headers[1]).toMatch(/^cookieanalytcs_status=0; Max-Age=7776000;/);
    const deletions = headers.slice(2);
    expect(deletions).toHaveLength(6);
    expect(deletions.every((h) => /Max-Age=0/.test(h))).toBe(true);
    expect(deletions.filter((h) => h.startsWith("_pa_id="))).toEqual([
      "_pa_id=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax; Secure",
      "_pa_id=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Domain=.www.studio.example; Path=/; SameSite=Lax; Secure",
      "_pa_id=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Domain=.studio.example; Path=/; SameSite=Lax; Secure",
    ]);
  });

  it("first-party analytics sets no cookie, so a refusal deletes none", () => {
    expect(consentCookieHeaders(http, false, now)).toHaveLength(2);
  });

  it("refuses a cookie name list that is not cookie names", () => {
    expect(() => parseConfig({ ANALYTICS_COOKIE_NAMES: "_ga, bad name" })).toThrow(/ANALYTICS_COOKIE_NAMES/);
  });
});

describe("returnTo", () => {
  const url = "http://localhost:3000/consent";

  it("keeps a path on this site, with its query and hash", () => {
    expect(safeReturnTo("/fr/careers?studio=quebec#js-careers", url)).toBe(
      "/fr/careers?studio=quebec#js-careers",
    );
  });

  it("drops the parameter that reopened the banner", () => {
    expect(safeReturnTo("/careers?cookie-settings=1&team=art", url)).toBe("/careers?team=art");
    expect(safeReturnTo("/?cookie-settings=1", url)).toBe("/");
  });

  it("never leaves the site", () => {
    for (const bad of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      42,
      null,
    ]) {
      expect(safeReturnTo(bad, url)).toBe("/");
    }
  });
});
