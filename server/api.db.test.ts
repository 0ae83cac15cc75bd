import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { png } from "~/platform/uploads/test-samples";
import { createApi } from "./api";
import { boot, shutdown } from "./lifecycle";

/**
 * The JSON API as the process composes it (real services from boot(), on an embedded database
 * in a temporary folder): the hardening every endpoint relies on.
 */
let dataDir: string;
let server: ReturnType<express.Express["listen"]>;
let base: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "api-test-"));
  const services = await boot(
    parseConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      RATE_LIMIT_FORM_POINTS: "3",
      RATE_LIMIT_API_POINTS: "40",
    }),
  );
  const app = express();
  app.use("/api", createApi(services));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await shutdown();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, url: string, body?: BodyInit, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, { method, body, headers });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: JSON.parse(text) as { messages?: string[] },
  };
}

describe("/api hardening", () => {
  it("answers junk JSON with 400 and messages, never a stack trace", async () => {
    const res = await call("POST", "/api/uploads", "{not json", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ messages: ["MISSING_POST_BODY"] });
    expect(res.text).not.toMatch(/at .+\(.+:\d+:\d+\)|SyntaxError/);
  });

  it("answers an oversized JSON body with 413", async () => {
    const big = JSON.stringify({ text: "x".repeat(200 * 1024) });
    const res = await call("POST", "/api/anything", big, { "content-type": "application/json" });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ messages: ["REQUEST_EXCEEDS_LIMIT"] });
  });

  it("answers an unknown path with a JSON 404 that is not cached", async () => {
    const res = await call("GET", "/api/no-such-endpoint");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.json.messages).toEqual([expect.stringContaining("/no-such-endpoint")]);
  });
});

describe("/api/openapi.json", () => {
  it("serves the account API's description to every visitor, cacheable for an hour", async () => {
    const res = await call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const doc = res.json as unknown as { paths: Record<string, unknown> };
    expect(doc.paths["/api/account/mfa/recovery-codes"]).toHaveProperty("post.requestBody");
    expect(doc.paths["/api/account/{platform}/login"]).toHaveProperty("post.parameters");
  });
});

describe("/api/uploads as mounted", () => {
  it("stores uploads under DATA_DIR/uploads and limits them with the form tier", async () => {
    const upload = () => {
      const body = new FormData();
      body.append("file", new Blob([png]), "shot.png");
      return call("POST", "/api/uploads", body);
    };
    const first = await upload();
    expect(first.status).toBe(200);
    const { id } = first.json as { id: string };
    expect(fs.readFileSync(path.join(dataDir, "uploads", id)).equals(png)).toBe(true);

    expect((await upload()).status).toBe(200);
    expect((await upload()).status).toBe(200);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ messages: ["TOO_MANY_REQUESTS"] });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(fs.readdirSync(path.join(dataDir, "uploads"))).toHaveLength(3);
  });
});

describe("/api rate limit", () => {
  it("limits every API call per client with the api tier", async () => {
    let status = 0;
    let calls = 0;
    while (status !== 429 && calls < 100) {
      status = (await call("GET", "/api/no-such-endpoint")).status;
      calls++;
    }
    expect(status).toBe(429);
    // 40 points per minute, some spent by the tests above.
    expect(calls).toBeLessThanOrEqual(40);
  });
});
