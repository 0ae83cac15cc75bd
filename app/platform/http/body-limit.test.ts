import http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
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

describe("a page that answers before reading its body", () => {
  let early: http.Server;
  let earlyPort: number;

  beforeAll(async () => {
    const app = express();
    app.use(limitPageBodies({ maxBytes: 1024 * 1024, multipartMaxBytes: 1024 * 1024 }));
    // As React Router does: the body becomes a web stream, which this page refuses unread.
    app.all("/{*page}", (req, res) => {
      createReadableStreamFromReadable(req);
      res.status(req.method === "POST" ? 400 : 200).send("answered");
    });
    early = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => early.once("listening", resolve));
    earlyPort = (early.address() as AddressInfo).port;
  });
  /** Requests one after another on one keep-alive connection, as a browser does. */
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  afterAll(() => {
    agent.destroy();
    return new Promise((resolve) => early.close(resolve));
  });
  const send = (method: string, body = "") =>
    new Promise<number | undefined>((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port: earlyPort, path: "/contact", method, agent },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode));
        },
      );
      req.on("error", reject);
      req.end(body);
    });

  it.each([200_000, 900_000])(
    "still answers the next request on the connection (body of %i bytes)",
    async (size) => {
      expect(await send("POST", "a".repeat(size))).toBe(400);
      expect(await send("GET")).toBe(200);
    },
  );
});
