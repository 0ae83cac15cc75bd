import fs from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express, { type Request, type RequestHandler, type Response } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onlyPublicEntries, precompressedFiles } from "./public-files";

const client = fs.mkdtempSync(path.join(os.tmpdir(), "public-files-"));
fs.mkdirSync(path.join(client, "brand"));
fs.mkdirSync(path.join(client, "assets"));
fs.writeFileSync(path.join(client, "brand", "logo.svg"), "<svg/>");
fs.writeFileSync(path.join(client, "robots.txt"), "");
afterAll(() => fs.rmSync(client, { recursive: true, force: true }));

/** Which handler a request path reaches: the static files or the next (pages). */
function reached(handler: RequestHandler, requestPath: string): "files" | "next" {
  let result: "files" | "next" | undefined;
  handler({ path: requestPath } as Request, { locals: {} } as Response, () => {
    result = result ?? "next";
  });
  return result ?? "files";
}

describe("onlyPublicEntries", () => {
  const serve: RequestHandler = () => {};
  const handler = onlyPublicEntries(client, serve, ["assets"]);

  it("hands requests under a public folder or for a public file to the static files", () => {
    expect(reached(handler, "/brand/logo.svg")).toBe("files");
    expect(reached(handler, "/brand/missing.svg")).toBe("files");
    expect(reached(handler, "/brand")).toBe("files");
    expect(reached(handler, "/robots.txt")).toBe("files");
  });

  it("sends pages and skipped entries on without asking the file system", () => {
    expect(reached(handler, "/")).toBe("next");
    expect(reached(handler, "/careers")).toBe("next");
    expect(reached(handler, "/fr/careers")).toBe("next");
    expect(reached(handler, "/brandnew")).toBe("next");
    expect(reached(handler, "/x/../brand/logo.svg")).toBe("next");
    expect(reached(handler, "/assets/app.js")).toBe("next");
  });
});

describe("precompressedFiles", () => {
  const assets = path.join(client, "assets");
  const script = `export const answer = "${"forty-two ".repeat(500)}";`;
  fs.writeFileSync(path.join(assets, "app-1a2b.js"), script);
  // The copies the build writes beside each script: distinct bodies show which one was sent.
  fs.writeFileSync(path.join(assets, "app-1a2b.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(assets, "app-1a2b.js.gz"), zlib.gzipSync(script));
  fs.writeFileSync(path.join(assets, "logo-9f8e.svg"), "<svg/>");

  let url = "";
  let server: ReturnType<ReturnType<typeof express>["listen"]>;
  beforeAll(async () => {
    const app = express();
    app.use(
      "/assets",
      precompressedFiles(assets, { index: false, redirect: false, immutable: true, maxAge: "1y" }),
    );
    app.use((_req, res) => res.status(404).send("page"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** The raw answer: fetch would undo the encoding and drop its header. */
  async function raw(target: string, acceptEncoding: string) {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        request(`${url}${target}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
          .on("error", reject)
          .end();
      },
    );
  }

  it("sends a browser that takes Brotli the build's .br copy, with the script's type and caching", async () => {
    const res = await raw("/assets/app-1a2b.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      "content-encoding": "br",
      vary: "Accept-Encoding",
      "cache-control": "public, max-age=31536000, immutable",
    });
    expect(res.headers["content-type"]).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("sends the .gz copy to a browser without Brotli, and the file itself to one that takes neither", async () => {
    const gz = await raw("/assets/app-1a2b.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await raw("/assets/app-1a2b.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("sends a file without copies as it is, and leaves a missing or malformed path to the next handler", async () => {
    const svg = await raw("/assets/logo-9f8e.svg", "br");
    expect([svg.status, svg.headers["content-encoding"], svg.body.toString()]).toEqual([
      200,
      undefined,
      "<svg/>",
    ]);
    for (const target of ["/assets/missing-0000.js", "/assets/%E0%A4%A.js"]) {
      const res = await raw(target, "br");
      expect([res.status, res.body.toString()], target).toEqual([404, "page"]);
    }
  });
});
