import fc from "fast-check";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { loggedRoute, pagePatterns, requestLogSerializers, routeOf } from "./request-log.server";

/** A route manifest of the site's shape: the optional language, a layout, pages, a catch-all. */
const manifest = {
  root: { id: "root", path: "" },
  lang: { id: "lang", parentId: "root", path: ":lang?" },
  layout: { id: "layout", parentId: "lang" },
  home: { id: "home", parentId: "layout", index: true },
  careers: { id: "careers", parentId: "layout", path: "careers/:id" },
  status: { id: "status", parentId: "layout", path: "status/:token" },
  download: { id: "download", parentId: "lang", path: "status/:token/download" },
  manage: { id: "manage", parentId: "layout", path: "alerts/manage/:id/:token" },
  missing: { id: "missing", parentId: "lang", path: "*" },
} as unknown as ServerBuild["routes"];
const pattern = pagePatterns(manifest);

/** A request as Express leaves it once answered: at `url`, under `baseUrl`, through `route`. */
const request = (url: string, route?: string, baseUrl = "") => ({
  originalUrl: url,
  baseUrl,
  ...(route ? { route: { path: route } } : {}),
});

/** The 43 URL-safe characters of a link token. */
const token = fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);

describe("request log lines", () => {
  it("name the page route's pattern, never the path as sent", () => {
    expect(pattern("/fr/careers/senior-gameplay-programmer")).toBe("/:lang?/careers/:id");
    expect(pattern("/")).toBe("/:lang?");
    expect(pattern("/es/alerts/manage/a01fcc80-b793-46ba-aa47-165eb2cf11bb/x")).toBe(
      "/:lang?/alerts/manage/:id/:token",
    );
    expect(pattern("/nothing/here")).toBe("/:lang?/*");
  });

  it("name each address's own pattern when addresses come again, in any order", () => {
    // Patterns are kept per address: the kept answer must be the one a first match gives.
    const kept = pagePatterns(manifest);
    const addresses = ["/", "/fr/careers/7", "/status/abc", "/es/status/abc/download", "/no/such", "/fr"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...addresses), { minLength: 1, maxLength: 30 }), (asked) => {
        for (const address of asked) expect(kept(address)).toBe(pagePatterns(manifest)(address));
      }),
    );
  });

  it("never carry a private link's token, whatever its characters", () => {
    fc.assert(
      fc.property(
        token,
        fc.constantFrom("", "/fr", "/es"),
        fc.constantFrom("", "/download", "/x/y"),
        (t, lang, rest) => {
          const line = routeOf(pattern)(request(`${lang}/status/${t}${rest}?token=${t}`, "/{*splat}"), {
            locals: {},
          });
          expect(JSON.stringify(line)).not.toContain(t);
        },
      ),
    );
    // The shape a pattern of secret-looking segments let through: a dash and no digit.
    const odd = `${"abcdefghij-ABCDEFGHIJ".repeat(2)}k`;
    expect(loggedRoute(request(`/status/${odd}`, "/{*splat}"), undefined, pattern)).toBe(
      "/:lang?/status/:token",
    );
  });

  it("name the Express route an API request reached, or /api/* before any route", () => {
    expect(
      loggedRoute(request("/api/uploads/1/secret", "/uploads/:id/:token", "/api"), undefined, pattern),
    ).toBe("/api/uploads/:id/:token");
    expect(loggedRoute(request("/api/nothing/secret?x=1"), undefined, pattern)).toBe("/api/*");
  });

  it("name a public file by its path, as its handler said", () => {
    expect(
      loggedRoute(request("/brand/logo.svg"), { locals: { loggedRoute: "/brand/logo.svg" } }, pattern),
    ).toBe("/brand/logo.svg");
  });

  it("carry only the request id, method and status of their own", () => {
    expect(
      requestLogSerializers.req({
        id: "r1",
        method: "POST",
        url: "/careers/x?email=ada@example.com",
      } as never),
    ).toEqual({ id: "r1", method: "POST" });
    expect(requestLogSerializers.res({ statusCode: 201 })).toEqual({ status: 201 });
  });
});
