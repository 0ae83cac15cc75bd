import type { AddressInfo } from "node:net";
import express from "express";
import fc from "fast-check";
import type { MiddlewareFunction } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formMessage } from "~/platform/forms/messages";
import { apiErrorHandler } from "./errors.server";
import { refuseForbiddenAddress, refuseForbiddenPagePath, refuseForbiddenText } from "./input-guard.server";

const characters = formMessage("characters");
const bad = fc.constantFrom("\u0000", "\u0001", "\u001b", "\u007f", "\u0090");
const loneSurrogate = fc.constantFrom("\ud800", "\udbff", "\udc00", "\udfff");
const word = fc.stringMatching(/^[a-z]{1,8}$/);
const spoilt = (chars: fc.Arbitrary<string>) =>
  fc.tuple(word, chars, word).map(([before, char, after]) => `${before}${char}${after}`);

type Json = string | number | Json[] | { [key: string]: Json };
/** A JSON body with `value` at `path` (object keys and list positions), among clean fields. */
function bodyWith(path: Array<string | number>, value: string): { body: Json; name: string } {
  let body: Json = value;
  for (const part of [...path].reverse()) body = typeof part === "number" ? [body] : { [part]: body };
  const name = path
    .map((part, i) => (typeof part === "number" ? "[0]" : i === 0 ? part : `.${part}`))
    .join("");
  return { body: { clean: "text", count: 3, ...(body as object) }, name };
}
const paths = fc
  .array(fc.oneof(word, fc.constant(0 as const)), { minLength: 1, maxLength: 5 })
  .filter((path) => typeof path[0] === "string" && path[0] !== "clean" && path[0] !== "count");

let base: string;
let reached = 0;
const app = express()
  .use(express.json())
  .use(refuseForbiddenText)
  .all("/{*any}", (_req, res) => {
    reached++;
    res.json({ ok: true });
  })
  .use(apiErrorHandler);
let server: ReturnType<typeof app.listen>;
beforeAll(async () => {
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const postJson = (path: string, body: string) =>
  fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });

/** The guard as Express calls it after the JSON parser: what it passes on to `next`. */
function guard(body: Json, { path = "/api/items", query = {} }: { path?: string; query?: object } = {}) {
  let passed: unknown = "not called";
  const req = { path, query, body: JSON.parse(JSON.stringify(body)) } as unknown as express.Request;
  refuseForbiddenText(req, {} as express.Response, (err?: unknown) => {
    passed = err;
  });
  return passed;
}

describe("refuseForbiddenText (the JSON API)", () => {
  it("refuses a body with a control character or lone surrogate anywhere, naming the place", () => {
    fc.assert(
      fc.property(paths, fc.oneof(spoilt(bad), spoilt(loneSurrogate)), (path, value) => {
        const { body, name } = bodyWith(path, value);
        expect(guard(body)).toMatchObject({ status: 400, messages: [`${name}: ${characters}`] });
      }),
    );
  });

  it("lets clean bodies through, with their tabs and line breaks", () => {
    fc.assert(
      fc.property(
        paths,
        fc.tuple(word, fc.constantFrom("\t", "\r\n", "😀", "é", "\u202e"), word),
        (path, parts) => {
          expect(guard(bodyWith(path, parts.join("")).body)).toBeUndefined();
        },
      ),
    );
  });

  it("refuses them in a key, a query value or a path segment before any handler", async () => {
    const before = reached;
    const res = await postJson("/api/items", JSON.stringify({ "na\u0000me": "x" }));
    expect(await res.json()).toEqual({ messages: [`na\ufffdme: ${characters}`] });
    const query = await fetch(`${base}/api/items?q=a%00b&toString=%1B`);
    expect(query.status).toBe(400);
    expect((await query.json()).messages.sort()).toEqual([`q: ${characters}`, `toString: ${characters}`]);
    const path = await fetch(`${base}/api/items/a%07b`);
    expect(path.status).toBe(400);
    expect(await path.json()).toEqual({ messages: [`path: ${characters}`] });
    expect(reached).toBe(before);
    expect((await postJson("/api/items?q=caf%C3%A9", JSON.stringify({ name: "Léa\r\n" }))).status).toBe(200);
    expect(reached).toBe(before + 1);
  });
});

describe("refuseForbiddenAddress (the pages)", () => {
  const run = async (url: string) => {
    let called = false;
    const next = async () => {
      called = true;
      return new Response("page");
    };
    const outcome = await Promise.resolve()
      .then(() =>
        (refuseForbiddenAddress as MiddlewareFunction<Response>)(
          {
            request: new Request(url),
            params: {},
            context: undefined as never,
            unstable_pattern: "",
          } as never,
          next,
        ),
      )
      .catch((error: unknown) => error);
    return { called, outcome };
  };

  it("answers 400 before any loader when the path or query holds a control character", async () => {
    for (const url of [
      "http://site/support/faq/a%00b",
      "http://site/blog?q=a%07",
      "http://site/careers?toString=%00",
      "http://site/careers?__proto__=%1b",
      "http://site/careers?a%00=1",
    ]) {
      const { called, outcome } = await run(url);
      expect(called, url).toBe(false);
      expect((outcome as { init?: { status?: number } }).init?.status, url).toBe(400);
    }
  });

  it("lets other addresses through, prototype-named queries included", async () => {
    for (const url of [
      "http://site/careers?toString=1&__proto__=x&constructor=",
      "http://site/blog?q=%C3%A9t%C3%A9%20",
    ]) {
      expect((await run(url)).called, url).toBe(true);
    }
  });
});

describe("refuseForbiddenPagePath (pages, before React Router)", () => {
  let pages: string;
  let rendered = 0;
  const pageApp = express()
    .use(refuseForbiddenPagePath)
    .all("/{*any}", (_req, res) => {
      rendered++;
      res.send("page");
    });
  let pageServer: ReturnType<typeof pageApp.listen>;
  beforeAll(async () => {
    pageServer = pageApp.listen(0, "127.0.0.1");
    await new Promise((resolve) => pageServer.once("listening", resolve));
    pages = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => pageServer.close(resolve)));

  // A segment of line breaks only turns into "//" once a URL parser drops them, which React
  // Router's renderer refuses with "Invalid URL" (a 500 the fuzz suite found on a page post).
  const lineBreaks = fc
    .array(fc.constantFrom("%0D", "%0A", "%09", "%00", "%1B"), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join(""));

  it("answers 400 before the page renders, an HTML page for a browser and messages for a data request", async () => {
    await fc.assert(
      fc.asyncProperty(
        lineBreaks,
        fc.constantFrom("/account/profile", "/fr/contact", "/es/careers"),
        async (segment, rest) => {
          const before = rendered;
          const page = await fetch(`${pages}/${segment}${rest}`, {
            method: "POST",
            headers: { accept: "text/html" },
          });
          expect(page.status).toBe(400);
          expect(page.headers.get("content-type")).toContain("text/html");
          expect(await page.text()).toMatch(
            /An error occurred|Une erreur s’est produite|Se ha producido un error/,
          );
          const data = await fetch(`${pages}/${segment}${rest}.data`);
          expect(data.status).toBe(400);
          expect(await data.json()).toEqual({ messages: [`path: ${characters}`] });
          expect(rendered).toBe(before);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("lets clean paths through, and leaves a bad query to the pages' own middleware", async () => {
    const before = rendered;
    expect((await fetch(`${pages}/fr/caf%C3%A9`)).status).toBe(200);
    expect((await fetch(`${pages}/careers?q=a%00b`)).status).toBe(200);
    expect(rendered).toBe(before + 2);
  });
});
