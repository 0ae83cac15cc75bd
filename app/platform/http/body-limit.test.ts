import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitPageBodies } from "./body-limit.server";

let base: string;
let server: http.Server;
let reached = 0;

beforeAll(async () => {
  const app = express();
  app.use(limitPageBodies({ maxBytes: 1024, multipartMaxBytes: 4096 }));
  // Stands in for React Router: reads the body it is given.
  app.all("/{*page}", async (req, res) => {
    reached++;
    let size = 0;
    for await (const chunk of req) size += (chunk as Buffer).length;
    res.json({ size });
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const post = (body: BodyInit, headers: Record<string, string>) =>
  fetch(`${base}/careers`, { method: "POST", body, headers });

describe("limitPageBodies", () => {
  it("lets a form body within the limit through to the page", async () => {
    const res = await post("a".repeat(1024), { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ size: 1024 });
  });

  it("refuses a larger body with 413 before the page reads it", async () => {
    const before = reached;
    const res = await post("a".repeat(1025), { "content-type": "application/x-www-form-urlencoded" });
    expect(res.status).toBe(413);
    expect(reached).toBe(before);
  });

  it("allows multipart bodies (files without JavaScript) up to the upload limit", async () => {
    const small = new FormData();
    small.append("file", new Blob([new Uint8Array(3000)]), "a.png");
    expect((await post(small, {})).status).toBe(200);
    const large = new FormData();
    large.append("file", new Blob([new Uint8Array(5000)]), "a.png");
    expect((await post(large, {})).status).toBe(413);
  });

  it("refuses a chunked body it cannot measure with 411", async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = http.request(`${base}/contact`, {
        method: "POST",
        headers: { "transfer-encoding": "chunked" },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on("error", reject);
      req.write("name=Ada");
      req.end();
    });
    expect(status).toBe(411);
  });

  it("leaves GET requests alone", async () => {
    expect((await fetch(`${base}/careers`)).status).toBe(200);
  });
});
