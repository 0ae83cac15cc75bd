import { describe, expect, it } from "vitest";
import { cookieDomainsFor, expireCookie, parseCookies, serializeCookie } from "./cookies";

describe("cookies", () => {
  it("parses a Cookie header; the first of a repeated name wins", () => {
    const cookies = parseCookies('a=1; b="quoted"; c=%C3%A9t%C3%A9; a=2; junk; =x; d=%E0%A4%A');
    expect([...cookies]).toEqual([
      ["a", "1"],
      ["b", "quoted"],
      ["c", "été"],
      ["d", "%E0%A4%A"],
    ]);
    expect(parseCookies(null).size).toBe(0);
  });

  it("writes the literal value with lifetime and attributes", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    expect(
      serializeCookie("cookieconsent_status", "1", {
        maxAgeSeconds: 90 * 86400,
        sameSite: "Lax",
        secure: true,
        now,
      }),
    ).toBe(
      "cookieconsent_status=1; Max-Age=7776000; Expires=Sat, 30 May 2026 12:00:00 GMT; Path=/; SameSite=Lax; Secure",
    );
  });

  it("refuses a name that is not a cookie token", () => {
    expect(() => serializeCookie("bad name", "1")).toThrow();
  });

  it("expires a cookie on a domain", () => {
    expect(expireCookie("_ga", { domain: ".example.com" })).toBe(
      "_ga=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Domain=.example.com; Path=/; SameSite=Lax",
    );
  });

  it("lists host-only and parent domains, never for IPs or single labels", () => {
    expect(cookieDomainsFor("www.studio.example")).toEqual([
      undefined,
      ".www.studio.example",
      ".studio.example",
    ]);
    expect(cookieDomainsFor("127.0.0.1")).toEqual([undefined]);
    expect(cookieDomainsFor("localhost")).toEqual([undefined]);
  });
});
