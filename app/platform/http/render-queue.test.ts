import type http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { queueRenders } from "./render-queue.server";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** An app whose pages take `ms` each and note when they start and how many run at once. */
async function slowSite(concurrency: number, ms: number) {
  const arrived: string[] = [];
  const started: string[] = [];
  let running = 0;
  let most = 0;
  const app = express();
  // Requests as they reach the queue, so a test sends the next one only after the last arrived.
  app.use((req, _res, next) => {
    arrived.push(req.path);
    next();
  });
  app.get(
    "/{*splat}",
    queueRenders({ concurrency, heldBodyBytes: 1024 }, (req, res) => {
      started.push(req.path);
      running++;
      most = Math.max(most, running);
      setTimeout(() => {
        running--;
        res.send(req.path);
      }, ms);
    }),
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server?.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, arrived, started, most: () => most };
}

describe("queueRenders", () => {
  it("renders at most `concurrency` pages at once, in the order they came", async () => {
    const site = await slowSite(2, 30);
    const paths = ["/a", "/b", "/c", "/d", "/e", "/f"];
    const answers = [];
    for (const path of paths) {
      answers.push(fetch(`${site.url}${path}`).then((r) => r.text()));
      // Sent one after another, so their order of arrival is known.
      await expect.poll(() => site.arrived.length, { interval: 1 }).toBe(answers.length);
    }
    expect(await Promise.all(answers)).toEqual(paths);
    expect(site.most()).toBe(2);
    expect(site.started).toEqual(paths);
  });

  it("starts the pages that waited in line one per turn of the event loop", async () => {
    // Counts turns: a setImmediate callback runs once per turn, in its check phase.
    let turn = 0;
    let counting = true;
    const count = () => {
      turn++;
      if (counting) setImmediate(count);
    };
    count();
    const startedIn: number[] = [];
    const app = express();
    let arrived = 0;
    app.use((_req, _res, next) => {
      arrived++;
      next();
    });
    app.get(
      "/{*splat}",
      queueRenders({ concurrency: 1, heldBodyBytes: 1024 }, (req, res) => {
        startedIn.push(turn);
        // The first page keeps the others waiting; the rest answer at once, as a render that
        // never waits (all microtasks) does.
        if (req.path === "/first") setTimeout(() => res.send("first"), 50);
        else res.send(req.path);
      }),
    );
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const first = fetch(`http://127.0.0.1:${port}/first`).then((r) => r.text());
    await expect.poll(() => arrived, { interval: 1 }).toBe(1);
    const rest = ["/a", "/b", "/c", "/d", "/e"].map((p) =>
      fetch(`http://127.0.0.1:${port}${p}`).then((r) => r.text()),
    );
    expect(await Promise.all([first, ...rest])).toEqual(["first", "/a", "/b", "/c", "/d", "/e"]);
    counting = false;
    expect(startedIn).toHaveLength(6);
    // Pages that waited in line start one per turn: no two share a turn.
    expect(new Set(startedIn).size).toBe(6);
  });

  it("does not render a page whose visitor left while it waited", async () => {
    const site = await slowSite(1, 200);
    const first = fetch(`${site.url}/first`).then((r) => r.text());
    await expect.poll(() => site.started, { interval: 1 }).toEqual(["/first"]);
    const leaving = new AbortController();
    const left = fetch(`${site.url}/left`, { signal: leaving.signal }).catch(() => "aborted");
    // Waiting in line behind /first when its visitor leaves.
    await expect.poll(() => site.arrived, { interval: 1 }).toEqual(["/first", "/left"]);
    leaving.abort();
    expect(await left).toBe("aborted");
    expect(await first).toBe("/first");
    expect(await fetch(`${site.url}/next`).then((r) => r.text())).toBe("/next");
    expect(site.started).toEqual(["/first", "/next"]);
  });

  describe("a form post", () => {
    /**
     * A site of one render at a time whose /slow page holds the line while a test's post waits
     * behind it; each post's handler reads the body as React Router does (a stream over the
     * request) and records it, which is the post being carried out.
     */
    async function postSite(heldBodyBytes: number) {
      const carriedOut: string[] = [];
      const arrived: string[] = [];
      let releaseSlow = () => {};
      const app = express();
      app.use((req, _res, next) => {
        arrived.push(`${req.method} ${req.path}`);
        next();
      });
      app.all(
        "/{*splat}",
        queueRenders({ concurrency: 1, heldBodyBytes }, async (req, res) => {
          if (req.path === "/slow") {
            await new Promise<void>((resolve) => {
              releaseSlow = resolve;
            });
            res.send("slow");
            return;
          }
          if (req.method === "POST") {
            const chunks: Buffer[] = [];
            for await (const chunk of req) chunks.push(chunk as Buffer);
            carriedOut.push(Buffer.concat(chunks).toString());
          }
          res.send("done");
        }),
      );
      server = app.listen(0, "127.0.0.1");
      // Connections the server saw close: a client gone, as the queue sees it.
      let closed = 0;
      server.on("connection", (socket) => socket.once("close", () => closed++));
      await new Promise((resolve) => server?.once("listening", resolve));
      const { port } = server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}`;
      const slow = fetch(`${url}/slow`).then((r) => r.text());
      await expect.poll(() => arrived, { interval: 1 }).toEqual(["GET /slow"]);
      return { port, url, carriedOut, arrived, release: () => releaseSlow(), slow, closed: () => closed };
    }
    type PostSite = Awaited<ReturnType<typeof postSite>>;

    /**
     * Sends a post's head and `body` on a raw connection while it waits behind /slow, closes the
     * connection, and lets the line move on once the server has seen the client go: the post's
     * turn comes after. `declared` longer than `body`: the client leaves mid-body.
     */
    async function postAndLeave(site: PostSite, body: string, declared = Buffer.byteLength(body)) {
      const socket = net.connect(site.port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      socket.write(
        `POST /apply HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${declared}\r\n\r\n${body}`,
      );
      await expect.poll(() => site.arrived, { interval: 1 }).toContain("POST /apply");
      socket.destroy();
      await expect.poll(() => site.closed(), { interval: 1 }).toBe(1);
      site.release();
      expect(await site.slow).toBe("slow");
    }

    it("is carried out when its client left after sending it whole, while it waited its turn", async () => {
      const site = await postSite(1024);
      await postAndLeave(site, "name=Ada&role=qa");
      await expect.poll(() => site.carriedOut).toEqual(["name=Ada&role=qa"]);
      // Its turn ended: the next page renders.
      expect(await fetch(`${site.url}/next`).then((r) => r.text())).toBe("done");
    });

    it("is carried out without a body too (a button alone) when its client left after sending it", async () => {
      const site = await postSite(1024);
      await postAndLeave(site, "");
      await expect.poll(() => site.carriedOut).toEqual([""]);
    });

    it("is not carried out when its client left before its body was whole", async () => {
      const site = await postSite(1024);
      await postAndLeave(site, "name=Ada", 100);
      expect(await fetch(`${site.url}/next`).then((r) => r.text())).toBe("done");
      expect(site.carriedOut).toEqual([]);
    });

    it("is carried out with its body when its client stays, held or not", async () => {
      // A budget of 20 bytes holds the first post's body, not the second's.
      const site = await postSite(20);
      const posts = ["short=1", "a-longer-body-than-the-budget=1"].map((body) =>
        fetch(`${site.url}/apply`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body,
        }).then((r) => r.text()),
      );
      await expect.poll(() => site.arrived.length, { interval: 1 }).toBe(3);
      site.release();
      expect(await Promise.all(posts)).toEqual(["done", "done"]);
      expect(site.carriedOut.sort()).toEqual(["a-longer-body-than-the-budget=1", "short=1"]);
    });
  });
});
