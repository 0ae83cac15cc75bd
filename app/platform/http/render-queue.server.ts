import type { RequestHandler } from "express";
import pLimit from "p-limit";

/**
 * Pages are rendered a few at a time, in the order they came, the others waiting their turn.
 * Rendering is CPU work on one thread: started all at once, 64 renders share the core and each
 * takes 64 times as long, and the event loop serves them so unevenly that some visitors waited
 * 7 s while the average was half a second (bench/README.md, figure 3). In turn, a page waits
 * for those ahead of it only, so the slowest answer is about the queue's length divided by the
 * pages per second. A few run together so that one page's database wait (PostgreSQL) is another's
 * rendering time.
 *
 * A turn ends when the answer has been handed to the connection or the connection closed; a
 * request whose visitor left while it waited is not rendered.
 */
export function queueRenders(concurrency: number): RequestHandler {
  const limit = pLimit(concurrency);
  return (req, res, next) => {
    void limit(
      () =>
        new Promise<void>((resolve) => {
          if (res.destroyed || req.socket.destroyed) return resolve();
          res.once("finish", () => resolve());
          res.once("close", () => resolve());
          next();
        }),
    );
  };
}
