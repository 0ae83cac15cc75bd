import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { effectiveRevision, readConsent } from "./consent-cookies";
import { outsideProviderHost, outsideProviderOrigins, providersDigest } from "./consent-policy.server";

/** The effective revision a site with these settings asks under, for the policy's `revision`. */
function revisionOf(env: Record<string, string>, revision = 1) {
  return effectiveRevision(revision, providersDigest(outsideProviderOrigins(parseConfig(env))));
}

const id = "0b6f2c1e-5a4d-4c3b-9e8f-7a6b5c4d3e2f";
const accepted = (revision: string) =>
  `cookieconsent_status=1; cookieanalytcs_status=1; cookieconsent_record=${id}.${revision}`;
const provider = { ANALYTICS_SCRIPT_URL: "https://stats.example.net/v2/script.js?site=1" };

describe("the effective revision (docs/decisions/0042)", () => {
  it("is the policy's revision alone without an outside provider, as before providers counted", () => {
    expect(outsideProviderOrigins(parseConfig({}))).toEqual([]);
    expect(providersDigest([])).toBeNull();
    expect(revisionOf({})).toBe("1");
    expect(revisionOf({}, 3)).toBe("3");
    // So a choice stored by this site before, with or without its record cookie, still stands.
    expect(readConsent(accepted("1"), { revision: revisionOf({}) })).toMatchObject({
      decided: true,
      analytics: true,
    });
    expect(
      readConsent("cookieconsent_status=1; cookieanalytcs_status=0", { revision: revisionOf({}) }).decided,
    ).toBe(true);
  });

  it("adds a digest of the provider's origin once one is set: an earlier choice is asked again", () => {
    // Pinned: the cookies and the records carry it, so it must not drift from one release to the next.
    expect(revisionOf(provider)).toBe("1-8124783f");
    expect(readConsent(accepted("1"), { revision: revisionOf(provider) })).toMatchObject({
      decided: false,
      analytics: false,
    });
    expect(
      readConsent("cookieconsent_status=1; cookieanalytcs_status=1", { revision: revisionOf(provider) })
        .decided,
    ).toBe(false);
  });

  it("keeps a choice made under the same provider current", () => {
    const current = revisionOf(provider);
    expect(readConsent(accepted(current), { revision: current })).toMatchObject({
      decided: true,
      analytics: true,
    });
    // The provider's origin counts, not the script's path or query.
    expect(revisionOf({ ANALYTICS_SCRIPT_URL: "https://stats.example.net/other.js" })).toBe(current);
  });

  it("changes with the provider: a choice made under another is asked again", () => {
    const other = revisionOf({ ANALYTICS_SCRIPT_URL: "https://other.example.org/a.js" });
    expect(other).toBe("1-ecee8e86");
    expect(readConsent(accepted(revisionOf(provider)), { revision: other }).decided).toBe(false);
    // Without a provider any more, a choice made with one is asked again too.
    expect(readConsent(accepted(revisionOf(provider)), { revision: revisionOf({}) }).decided).toBe(false);
  });

  it("names the provider by its host for the banner", () => {
    expect(outsideProviderHost(parseConfig(provider))).toBe("stats.example.net");
    expect(outsideProviderHost(parseConfig({ ANALYTICS_SCRIPT_URL: "http://127.0.0.1:4100/a.js" }))).toBe(
      "127.0.0.1:4100",
    );
    expect(outsideProviderHost(parseConfig({}))).toBeNull();
  });
});
