import { Transform } from "node:stream";

/**
 * An edit of a document on its way: given each chunk in order, it returns what may leave now
 * (nothing while it holds the chunk back), and at the end what it still holds.
 */
export type DocumentEdit = {
  piece(chunk: Buffer): Buffer | undefined;
  end(): Buffer | undefined;
};

/**
 * A PassThrough that hands on everything written to it in one go (before Node's next tick) as
 * one chunk. React writes a rendered page in pieces of at most 4 KB, all at once; passed on one
 * by one, each piece went through its own ReadableStream read, `res.write` (with the compression
 * and page cache wrappers, and a compression flush) and socket write: a tenth of the CPU of an
 * uncached careers page went to moving its 20-odd pieces (bench/README.md). Pieces written at
 * different times (a Suspense boundary resolving later) still leave as soon as they are written.
 * No backpressure is applied: React already holds the whole rendered output in memory.
 * `edit`, if given, sees each chunk as it leaves: one stream between the renderer and the
 * response, whose closing React's `pipe` answers by stopping the render.
 */
export function coalescingPassThrough(edit?: DocumentEdit): Transform {
  // A Uint8Array written to a byte stream arrives as a Buffer.
  let pending: Buffer[] = [];
  let scheduled = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        process.nextTick(pushPending);
      }
      callback();
    },
    flush(callback) {
      pushPending();
      const rest = edit?.end();
      if (rest) stream.push(rest);
      callback();
    },
  });
  function pushPending() {
    scheduled = false;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const chunk = batch.length === 1 ? batch[0]! : Buffer.concat(batch);
    const out = edit ? edit.piece(chunk) : chunk;
    if (out) stream.push(out);
  }
  return stream;
}
