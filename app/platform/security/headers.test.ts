import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { expectEach } from "../../../tests/support/expect-each";
import {
  addCspSources,
  nextNonce,
  PAGE_CSP_HEADER,
  pageCspHeader,
  pageCspHeaders,
  pageHeaders,
} from "./headers.server";

const policy = "default-src 'self';img-src 'self' data: blob:;frame-src 'none';script-src 'self' 'nonce-abc'";

/** Just enough of Express's response: headers by name, set through setHeader. */
function fakeResponse() {
  const headers = new Map<string, unknown>();
  const res = Object.assign(new EventEmitter(), {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), value);
      return res;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  });
  return { res: res as unknown as Response, headers };
}

describe("per-page CSP", () => {
  it("adds a page's origins to their directives, replacing 'none'", () => {
    expect(
      addCspSources(policy, {
        frameSrc: ["https://www.youtube-nocookie.com"],
        imgSrc: ["https://tiles.example"],
      }),
    ).toBe(
      "default-src 'self';img-src 'self' data: blob: https://tiles.example;frame-src https://www.youtube-nocookie.com;script-src 'self' 'nonce-abc'",
    );
  });

  it("sends nothing when a page asks for nothing", () => {
    expect(pageCspHeader({})).toEqual({});
    expect(pageCspHeader({ frameSrc: [] })).toEqual({});
    expect(pageCspHeaders({ loaderHeaders: new Headers() })).toEqual({});
  });

  it("applies the page's header to this response's policy and never sends the header", () => {
    const { res, headers } = fakeResponse();
    res.setHeader("Content-Security-Policy", policy);
    pageHeaders()({} as Request, res, () => {});
    const [name, value] = Object.entries(pageCspHeader({ frameSrc: ["https://player.twitch.tv"] }))[0]!;
    const passed = pageCspHeaders({ loaderHeaders: new Headers({ [name]: value }) });
    res.setHeader(PAGE_CSP_HEADER, passed[PAGE_CSP_HEADER]!);
    expect(headers.has(PAGE_CSP_HEADER.toLowerCase())).toBe(false);
    expect(headers.get("content-security-policy")).toContain("frame-src https://player.twitch.tv");
    // Other headers pass as they are.
    res.setHeader("Cache-Control", "public");
    expect(headers.get("cache-control")).toBe("public");
  });

  it("keeps a page's Referrer-Policy only, where Express's append would send the default too", () => {
    const { res, headers } = fakeResponse();
    pageHeaders()({} as Request, res, () => {});
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    // What `res.append("Referrer-Policy", "same-origin")` passes on.
    res.setHeader("Referrer-Policy", ["strict-origin-when-cross-origin", "same-origin"]);
    expect(headers.get("referrer-policy")).toBe("same-origin");
    // Headers that may repeat keep every value.
    res.setHeader("Set-Cookie", ["a=1", "b=2"]);
    expect(headers.get("set-cookie")).toEqual(["a=1", "b=2"]);
  });

  it("widens by plain origins only: no keyword, no extra directive", () => {
    const { res, headers } = fakeResponse();
    res.setHeader("Content-Security-Policy", policy);
    pageHeaders()({} as Request, res, () => {});
    res.setHeader(
      PAGE_CSP_HEADER,
      JSON.stringify({ scriptSrc: ["'unsafe-inline'", "https://ok.example;object-src *"], frameSrc: "x" }),
    );
    expect(headers.get("content-security-policy")).toBe(policy);
  });
});

describe("nextNonce", () => {
  it("hands out 128-bit nonces, base64, none twice, across refills of its pool", () => {
    const nonces = Array.from({ length: 1000 }, () => nextNonce());
    expect(new Set(nonces).size).toBe(1000);
    expectEach(
      nonces,
      (nonce) => Buffer.from(nonce, "base64").length === 16 && /^[A-Za-z0-9+/]{22}==$/.test(nonce),
    );
  });
});
