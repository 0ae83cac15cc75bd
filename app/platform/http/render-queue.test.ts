import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { queueRenders } from "./render-queue.server";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** An app whose pages take `ms` each and note when they start and how many run at once. */
async function slowSite(concurrency: number, ms: number) {
  const started: string[] = [];
  let running = 0;
  let most = 0;
  const app = express();
  app.get("/{*splat}", queueRenders(concurrency), (req, res) => {
    started.push(req.path);
    running++;
    most = Math.max(most, running);
    setTimeout(() => {
      running--;
      res.send(req.path);
    }, ms);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server?.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, started, most: () => most };
}

describe("queueRenders", () => {
  it("renders at most `concurrency` pages at once, in the order they came", async () => {
    const site = await slowSite(2, 30);
    const paths = ["/a", "/b", "/c", "/d", "/e", "/f"];
    const answers = [];
    for (const path of paths) {
      answers.push(fetch(`${site.url}${path}`).then((r) => r.text()));
      // Sent one after another, so their order of arrival is known.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await Promise.all(answers)).toEqual(paths);
    expect(site.most()).toBe(2);
    expect(site.started).toEqual(paths);
  });

  it("does not render a page whose visitor left while it waited", async () => {
    const site = await slowSite(1, 200);
    const first = fetch(`${site.url}/first`).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 20));
    const leaving = new AbortController();
    const left = fetch(`${site.url}/left`, { signal: leaving.signal }).catch(() => "aborted");
    await new Promise((resolve) => setTimeout(resolve, 20));
    leaving.abort();
    expect(await left).toBe("aborted");
    expect(await first).toBe("/first");
    expect(await fetch(`${site.url}/next`).then((r) => r.text())).toBe("/next");
    expect(site.started).toEqual(["/first", "/next"]);
  });
});
