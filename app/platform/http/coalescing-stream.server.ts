import { Transform } from "node:stream";

/**
 * A PassThrough that hands on everything written to it in one go (before Node's next tick) as
 * one chunk. React writes a rendered page in pieces of at most 4 KB, all at once; passed on one
 * by one, each piece went through its own ReadableStream read, `res.write` (with the compression
 * and page cache wrappers, and a compression flush) and socket write: a tenth of the CPU of an
 * uncached careers page went to moving its 20-odd pieces (bench/README.md). Pieces written at
 * different times (a Suspense boundary resolving later) still leave as soon as they are written.
 * No backpressure is applied: React already holds the whole rendered output in memory.
 */
export function coalescingPassThrough(): Transform {
  let pending: Uint8Array[] = [];
  let scheduled = false;
  const stream = new Transform({
    transform(chunk: Uint8Array, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        process.nextTick(pushPending);
      }
      callback();
    },
    flush(callback) {
      pushPending();
      callback();
    },
  });
  function pushPending() {
    scheduled = false;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    stream.push(batch.length === 1 ? batch[0] : Buffer.concat(batch));
  }
  return stream;
}
