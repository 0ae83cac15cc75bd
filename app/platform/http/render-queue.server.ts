import { Readable } from "node:stream";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import Queue from "yocto-queue";

/** A page handler as React Router's Express adapter makes it: done when its promise settles. */
export type RenderHandler = (req: Request, res: Response, next: NextFunction) => unknown;

/**
 * Pages are rendered a few at a time, in the order they came, the others waiting their turn,
 * and at most one page starts per turn of the event loop.
 *
 * - A few at a time: rendering is CPU work on one thread; started all at once, 64 renders share
 *   the core and each takes 64 times as long, and the event loop serves them so unevenly that
 *   some visitors waited 7 s while the average was half a second (bench/README.md, figure 3).
 *   In turn, a page waits for those ahead of it only. A few run together so that one page's
 *   database wait (PostgreSQL) is another's rendering time.
 * - One start per turn: React renders a page in microtasks, so a page that started when the
 *   previous one finished ran in the same phase of the loop, and a busy process chained every
 *   waiting page into one turn of 100-150 ms. Node (libuv 1.46) accepts one new connection per
 *   turn, from its poll phase: 64 visitors arriving together waited in the kernel's accept queue
 *   for up to 10 s, their first request not even read. Starting pages from the check phase,
 *   one per turn, keeps a turn to about one render, so the process accepts about as many
 *   connections per second as it renders pages, and sees a visitor who left before rendering
 *   for nobody (bench/README.md, figure 3).
 *
 * A page view whose visitor left while it waited is not rendered: nobody would see it. A form
 * post is different: once its body has arrived whole, the visitor has done what they meant to
 * do (applied, signed up, reported), and leaving (a closed tab, a lost connection, a proxy's
 * time-out) must not undo it. So a post joins the line only once its body has been read whole
 * (at once when it has none), which happens while earlier pages render, and is carried out even if its
 * client has gone by its turn (its answer goes nowhere). A client that leaves before its body is
 * whole never sent the post. The bodies held meanwhile are bounded by `heldBodyBytes` (besides
 * each body's own limit, body-limit.server.ts): past it, a post waits unread as a page view does,
 * its body left in the connection, and is read when its turn comes.
 *
 * A turn ends when the answer has been handed to the connection or the connection closed, or,
 * for a post whose client left, when its handler is done.
 */
export function queueRenders(
  options: {
    concurrency: number;
    heldBodyBytes: number;
    /** Told how long each page waited in line before its render started (metrics). */
    onStart?: (waitedMs: number) => void;
  },
  render: RenderHandler,
): RequestHandler {
  const waiting = new Queue<() => boolean>();
  let running = 0;
  let armed = false;
  let held = 0;

  /** Starts the first waiting page that is still wanted, if a place is free. */
  const startOne = () => {
    armed = false;
    while (running < options.concurrency && waiting.size > 0) {
      if (waiting.dequeue()?.()) break;
    }
    if (running < options.concurrency && waiting.size > 0) arm();
  };
  const arm = () => {
    if (armed) return;
    armed = true;
    setImmediate(startOne);
  };

  /** Lines up a request; `body` is its body when it was read whole before. */
  const line = (req: Request, res: Response, next: NextFunction, body?: Buffer, release?: () => void) => {
    const queuedAt = performance.now();
    waiting.enqueue(() => {
      const gone = res.destroyed || req.socket.destroyed;
      if (gone && body === undefined) return false;
      running++;
      options.onStart?.(performance.now() - queuedAt);
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        running--;
        release?.();
        arm();
      };
      const rendered = Promise.resolve().then(() =>
        render(body === undefined ? req : withBody(req, body), res, next),
      );
      rendered.catch(next);
      if (gone) {
        // A response already closed emits nothing more: the handler's end is the turn's.
        rendered.then(end, end);
      } else {
        res.once("finish", end);
        res.once("close", end);
      }
      return true;
    });
    arm();
  };

  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") {
      line(req, res, next);
      return;
    }
    const size = Number(req.headers["content-length"] ?? 0);
    // A post without a body (a button alone) arrived whole with its head.
    if (size === 0) {
      line(req, res, next, Buffer.alloc(0));
      return;
    }
    if (held + size > options.heldBodyBytes) {
      line(req, res, next);
      return;
    }
    held += size;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held -= size;
    };
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => line(req, res, next, Buffer.concat(chunks), release));
    // Closed before its end: the post never arrived whole, and is not carried out.
    req.once("close", () => {
      if (!req.complete) release();
    });
  };
}

/**
 * The request with its body served from bytes already read. React Router's Express adapter
 * streams a post's body from the request object itself, and a request whose client left is
 * destroyed with nothing left to read; so the handler gets a view of the request in which every
 * member of a readable stream (data events, pause, destroy, its state) is a stream over those
 * bytes, and everything else (method, headers, address, Express's helpers) is the request's.
 */
function withBody(req: Request, bytes: Buffer): Request {
  const body = Readable.from([bytes], { objectMode: false });
  return new Proxy(req, {
    get(target, key, receiver) {
      if (key in body) {
        const value = Reflect.get(body, key);
        return typeof value === "function" ? value.bind(body) : value;
      }
      return Reflect.get(target, key, receiver);
    },
  });
}
