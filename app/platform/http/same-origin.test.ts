import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foreignHost, hostileInputs, hostilePath } from "./redirect-test-data";
import { isCrossOrigin, MAX_REDIRECT_LENGTH, safeLocalPath, withPathname } from "./same-origin";

const site = "https://studio.example";

/** Where a browser goes when it follows `Location: location` from a page of the site. */
const followed = (location: string) => new URL(location, `${site}/fr/careers`);

describe("safeLocalPath", () => {
  it("keeps a path on the site with its query and hash", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 5 }),
        fc.option(segment, { nil: undefined }),
        fc.option(segment, { nil: undefined }),
        (segments, query, hash) => {
          const path = `/${segments.join("/")}${query ? `?q=${query}` : ""}${hash ? `#${hash}` : ""}`;
          expect(safeLocalPath(path, site)).toBe(path);
        },
      ),
    );
  });

  it.each(hostileInputs)("never leads off the site: %j", (input) => {
    const location = safeLocalPath(input, site);
    expect(followed(location).origin).toBe(site);
    expect(location).toMatch(/^\/(?![/\\])/);
  });

  it("never leads off the site, whatever mix of slashes, encodings and hosts", () => {
    fc.assert(
      fc.property(fc.oneof(hostilePath, fc.string()), (input) => {
        const location = safeLocalPath(input, site);
        expect(followed(location).origin).toBe(site);
        expect(location).toMatch(/^\/(?![/\\])/);
      }),
      { numRuns: 2000 },
    );
  });

  it("answers the fallback for a target too long to send back in a Location header", () => {
    const near = `/careers?q=${"x".repeat(MAX_REDIRECT_LENGTH - "/careers?q=".length)}`;
    expect(safeLocalPath(near, site)).toBe(near);
    expect(safeLocalPath(`${near}x`, site, "/fr")).toBe("/fr");
    // Counted once percent-encoded: 1,000 emoji are 12,000 characters on the wire.
    expect(safeLocalPath(`/careers?q=${"😀".repeat(1000)}`, site, "/fr")).toBe("/fr");
  });

  it("answers the fallback for what is not a path on the site", () => {
    expect(safeLocalPath(`https://${foreignHost}/x`, site, "/account")).toBe("/account");
    expect(safeLocalPath(42, site)).toBe("/");
    expect(safeLocalPath(null, site)).toBe("/");
  });
});

describe("withPathname", () => {
  it("keeps a rebuilt path on the site, its leading slashes collapsed", () => {
    expect(
      withPathname(`${site}/en//${foreignHost}/account/login?x=1`, `//${foreignHost}/account/login`),
    ).toBe(`/${foreignHost}/account/login?x=1`);
    fc.assert(
      fc.property(hostilePath, hostilePath, (path, query) => {
        const location = withPathname(`${site}/en/x?${encodeURIComponent(query)}`, path);
        expect(followed(location).origin).toBe(site);
        expect(location).toMatch(/^\/(?![/\\])/);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps the path alone when path and query are too long to send back", () => {
    const query = `q=${"x".repeat(MAX_REDIRECT_LENGTH)}`;
    expect(withPathname(`${site}/en/careers?${query}`, "/careers")).toBe("/careers");
    expect(withPathname(`${site}/en/careers?q=1`, "/careers")).toBe("/careers?q=1");
  });
});

describe("isCrossOrigin", () => {
  const production = { publicUrl: site, isProduction: true };
  const origins = fc.record({
    scheme: fc.constantFrom("http", "https"),
    host: fc.constantFrom("studio.example", "www.studio.example", "studio.example.evil", foreignHost),
    port: fc.constantFrom("", ":443", ":80", ":8443", ":3000"),
  });

  it("counts scheme, host and port: only the site's own origin is same-origin", () => {
    fc.assert(
      fc.property(origins, ({ scheme, host, port }) => {
        const origin = `${scheme}://${host}${port}`;
        const ours = new URL(origin).origin === site;
        expect(isCrossOrigin(new Headers({ origin }), production)).toBe(!ours);
        // Without Origin, the Referer tells the same.
        expect(isCrossOrigin({ referer: `${origin}/careers?x=1` }, production)).toBe(!ours);
      }),
    );
  });

  it("refuses another scheme or port of the same host", () => {
    expect(isCrossOrigin(new Headers({ origin: "http://studio.example" }), production)).toBe(true);
    expect(isCrossOrigin(new Headers({ origin: "https://studio.example:8443" }), production)).toBe(true);
    expect(isCrossOrigin(new Headers({ origin: "https://studio.example" }), production)).toBe(false);
  });

  it("refuses what the browser marks as another site, and opaque origins", () => {
    for (const fetchSite of ["cross-site", "same-site"]) {
      expect(isCrossOrigin(new Headers({ "sec-fetch-site": fetchSite, origin: site }), production)).toBe(
        true,
      );
    }
    expect(isCrossOrigin({ origin: "null" }, production)).toBe(true);
    expect(isCrossOrigin({ origin: "not a url" }, production)).toBe(true);
  });

  it("lets through the site's own pages and requests without browser hints", () => {
    expect(isCrossOrigin(new Headers({ "sec-fetch-site": "same-origin", origin: site }), production)).toBe(
      false,
    );
    expect(isCrossOrigin({ "sec-fetch-site": "none" }, production)).toBe(false);
    expect(isCrossOrigin(new Headers(), production)).toBe(false);
  });

  it("trusts the address a request reached only outside production", () => {
    const reached = { origin: "http://127.0.0.1:3000" };
    const dev = {
      publicUrl: "http://localhost:3000",
      isProduction: false,
      requestUrl: "http://127.0.0.1:3000/x",
    };
    expect(isCrossOrigin(reached, dev)).toBe(false);
    expect(isCrossOrigin(reached, { ...dev, isProduction: true })).toBe(true);
    expect(isCrossOrigin({ origin: "https://127.0.0.1:3000" }, dev)).toBe(true);
  });
});
