import type { RequestHandler } from "express";
import Queue from "yocto-queue";

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
 * A turn ends when the answer has been handed to the connection or the connection closed; a
 * request whose visitor left while it waited is not rendered.
 */
export function queueRenders(concurrency: number): RequestHandler {
  const waiting = new Queue<() => boolean>();
  let running = 0;
  let armed = false;

  /** Starts the first waiting page whose visitor is still there, if a place is free. */
  const startOne = () => {
    armed = false;
    while (running < concurrency && waiting.size > 0) {
      if (waiting.dequeue()?.()) break;
    }
    if (running < concurrency && waiting.size > 0) arm();
  };
  const arm = () => {
    if (armed) return;
    armed = true;
    setImmediate(startOne);
  };

  return (req, res, next) => {
    waiting.enqueue(() => {
      if (res.destroyed || req.socket.destroyed) return false;
      running++;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        running--;
        arm();
      };
      res.once("finish", end);
      res.once("close", end);
      next();
      return true;
    });
    arm();
  };
}
