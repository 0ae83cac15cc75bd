import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { expectEach } from "../../../tests/support/expect-each";
import {
  consentCookieHeaders,
  consentPostSchema,
  consentRecordCookieHeader,
  consentSubmissionSchema,
  safeReturnTo,
} from "./consent.server";
import {
  analyticsGranted,
  consentRecordVariant,
  formatConsentRecord,
  gpcRequested,
  isRevisionCurrent,
  parseConsentRecord,
  readConsent,
} from "./consent-cookies";

const now = new Date("2026-04-10T08:00:00Z");
const in90Days = "Thu, 09 Jul 2026 08:00:00 GMT";

describe("the banner's choices (docs/requirements.md#cookie-consent-and-analytics)", () => {
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

const none = { gpc: false, recorded: false, pendingSignal: false };
const id = "0b6f2c1e-5a4d-4c3b-9e8f-7a6b5c4d3e2f";

describe("reading the consent cookies", () => {
  it("shows the banner when no consent cookie exists", () => {
    expect(readConsent(undefined)).toEqual({ decided: false, analytics: false, ...none });
    expect(readConsent("other=1")).toEqual({ decided: false, analytics: false, ...none });
    // An analytics flag without the consent cookie is no choice.
    expect(readConsent("cookieanalytcs_status=1")).toEqual({ decided: false, analytics: false, ...none });
  });

  it("reads a stored choice", () => {
    expect(readConsent("cookieconsent_status=1; cookieanalytcs_status=1")).toEqual({
      decided: true,
      analytics: true,
      ...none,
    });
    expect(readConsent("cookieconsent_status=1; cookieanalytcs_status=0")).toEqual({
      decided: true,
      analytics: false,
      ...none,
    });
    expect(readConsent("cookieconsent_status=1")).toEqual({ decided: true, analytics: false, ...none });
  });

  it("asks again when the consent cookie holds something else", () => {
    expect(readConsent("cookieconsent_status=yes; cookieanalytcs_status=1").decided).toBe(false);
  });

  it("asks again when the choice was made under an older revision of the policy", () => {
    const granted = "cookieconsent_status=1; cookieanalytcs_status=1";
    expect(readConsent(`${granted}; cookieconsent_record=${id}.2`, { revision: "2" })).toEqual({
      decided: true,
      analytics: true,
      gpc: false,
      recorded: true,
      pendingSignal: false,
    });
    expect(readConsent(`${granted}; cookieconsent_record=${id}.3`, { revision: "2" }).decided).toBe(true);
    // Outdated: asked again, and analytics off until the visitor answers.
    expect(readConsent(`${granted}; cookieconsent_record=${id}.1`, { revision: "2" })).toEqual({
      decided: false,
      analytics: false,
      gpc: false,
      recorded: true,
      pendingSignal: false,
    });
    // A choice stored before revisions existed was made under the first.
    expect(readConsent(granted, { revision: "1" }).decided).toBe(true);
    expect(readConsent(granted, { revision: "2" }).decided).toBe(false);
    // A record cookie this site did not write counts as none.
    expect(readConsent(`${granted}; cookieconsent_record=${id}.x`, { revision: "2" })).toMatchObject({
      decided: false,
      recorded: false,
    });
  });

  it("carries the browser's privacy signal without making it a choice", () => {
    expect(readConsent(undefined, { gpc: true })).toEqual({
      decided: false,
      analytics: false,
      gpc: true,
      recorded: false,
      pendingSignal: false,
    });
    // A stored grant waits for the server, which knows whether it was made under the signal.
    expect(readConsent("cookieconsent_status=1; cookieanalytcs_status=1", { gpc: true })).toEqual({
      decided: true,
      analytics: false,
      gpc: true,
      recorded: false,
      pendingSignal: true,
    });
    // A refusal needs no word from the server.
    expect(readConsent("cookieconsent_status=1; cookieanalytcs_status=0", { gpc: true }).pendingSignal).toBe(
      false,
    );
  });
});

describe("the record cookie", () => {
  it("holds the consent id and the revision, and reads back only what this site writes", () => {
    expect(formatConsentRecord({ consentId: id, revision: "4" })).toBe(`${id}.4`);
    expect(parseConsentRecord(`${id}.4`)).toEqual({ consentId: id, revision: "4" });
    // With outside providers, their digest follows the policy's revision.
    expect(formatConsentRecord({ consentId: id, revision: "4-0a1b2c3d" })).toBe(`${id}.4-0a1b2c3d`);
    expect(parseConsentRecord(`${id}.4-0a1b2c3d`)).toEqual({ consentId: id, revision: "4-0a1b2c3d" });
    for (const bad of [
      undefined,
      null,
      "",
      id,
      `${id}.0`,
      `${id}.-1`,
      `${id}.01`,
      `${id}.1.2`,
      `x${id}.1`,
      `${id.toUpperCase()}.1`,
      `${id}.1234567890`,
      `${id}.1-`,
      `${id}.1-0a1b2c3`,
      `${id}.1-0a1b2c3d4`,
      `${id}.1-0A1B2C3D`,
      `${id}.1-0a1b2c3d-0a1b2c3d`,
      `${id}.-0a1b2c3d`,
    ]) {
      expect(parseConsentRecord(bad), String(bad)).toBeNull();
    }
  });

  it("gives the page cache its revision, never the id", () => {
    expect(consentRecordVariant(`${id}.4`)).toBe("4");
    // Another provider set is another page: the banner differs.
    expect(consentRecordVariant(`${id}.4-0a1b2c3d`)).toBe("4-0a1b2c3d");
    expect(consentRecordVariant("other.4")).toBeNull();
    expect(consentRecordVariant(undefined)).toBeNull();
  });

  it("compares revisions: older is asked again, none is the first", () => {
    expect(isRevisionCurrent("2", "2")).toBe(true);
    expect(isRevisionCurrent("3", "2")).toBe(true);
    expect(isRevisionCurrent("1", "2")).toBe(false);
    expect(isRevisionCurrent(null, "1")).toBe(true);
    expect(isRevisionCurrent(null, "2")).toBe(false);
  });

  it("compares providers: a choice stands only under the providers it was made under", () => {
    // A provider configured since: the choice made without one (or before revisions) is asked again.
    expect(isRevisionCurrent("1", "1-0a1b2c3d")).toBe(false);
    expect(isRevisionCurrent(null, "1-0a1b2c3d")).toBe(false);
    // The same provider: current, also under a newer policy revision stored.
    expect(isRevisionCurrent("1-0a1b2c3d", "1-0a1b2c3d")).toBe(true);
    expect(isRevisionCurrent("2-0a1b2c3d", "1-0a1b2c3d")).toBe(true);
    expect(isRevisionCurrent("1-0a1b2c3d", "2-0a1b2c3d")).toBe(false);
    // Another provider, or none any more: asked again.
    expect(isRevisionCurrent("1-0a1b2c3d", "1-ffffffff")).toBe(false);
    expect(isRevisionCurrent("1-0a1b2c3d", "1")).toBe(false);
  });

  it("is stored like the spec's cookies: 90 days, Path=/, SameSite=Lax, Secure over HTTPS", () => {
    const http = parseConfig({ PUBLIC_URL: "http://localhost:3000" });
    const https = parseConfig({ PUBLIC_URL: "https://www.studio.example" });
    expect(consentRecordCookieHeader(http, { consentId: id, revision: "1" }, now)).toBe(
      `cookieconsent_record=${id}.1; Max-Age=7776000; Expires=${in90Days}; Path=/; SameSite=Lax`,
    );
    expect(consentRecordCookieHeader(https, { consentId: id, revision: "1" }, now)).toMatch(/; Secure$/);
  });
});

describe("Global Privacy Control", () => {
  it("is on only for Sec-GPC: 1", () => {
    expect(gpcRequested("1")).toBe(true);
    expect(gpcRequested(" 1 ")).toBe(true);
    for (const off of [undefined, null, "", "0", "true", "yes", "11"]) expect(gpcRequested(off)).toBe(false);
  });

  it("can be posted alone, as the browser's signal, or with a choice", () => {
    expect(consentPostSchema.parse({ signal: "gpc" })).toEqual({ signal: "gpc" });
    expect(consentPostSchema.parse({ choice: "reject" })).toEqual({ choice: "reject", analytics: false });
    // The signal scripts see, sent with a choice.
    expect(consentPostSchema.parse({ choice: "accept-all", gpc: true })).toEqual({
      choice: "accept-all",
      analytics: false,
      gpc: true,
    });
    expect(consentPostSchema.safeParse({ choice: "accept-all", gpc: "1" }).success).toBe(false);
    expect(consentPostSchema.safeParse({ signal: "dnt" }).success).toBe(false);
    expect(consentPostSchema.safeParse({}).success).toBe(false);
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
    expectEach(deletions, (h) => /Max-Age=0/.test(h));
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
