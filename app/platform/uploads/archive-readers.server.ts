import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { setImmediate as nextTurn } from "node:timers/promises";
import { ArchiveReader, type LibarchiveWasm, libarchiveWasm } from "libarchive-wasm";
import yauzl from "yauzl";

/**
 * The entries of a zip (yauzl) or of a 7z or rar archive (libarchive compiled to WebAssembly),
 * one at a time, in one shape. Nothing is written to disk; an entry's bytes are decoded only
 * when read. Input the readers cannot make sense of throws `UnreadableArchive`.
 */
export type ArchiveEntry = {
  /** The path stored in the archive, as the archive spells it. */
  name: string;
  /** "other" is a link, a device or anything an unpacker would create but a file or folder. */
  type: "file" | "directory" | "other";
  encrypted: boolean;
  /** Uncompressed size, as declared by the archive (the readers refuse data beyond it). */
  size: number;
  /** Compressed size, where the format records it per entry (zip). */
  compressedSize?: number;
  /** The entry's first `max` bytes (fewer if it is shorter); may be called again for more. */
  read(max: number): Promise<Uint8Array>;
};

export class UnreadableArchive extends Error {}

const unreadable = (err: unknown) =>
  err instanceof UnreadableArchive
    ? err
    : new UnreadableArchive(err instanceof Error ? err.message : String(err));

/** Keeps the bytes read so far, so a second, longer read goes on from where the first stopped. */
function prefixReader(next: () => Promise<Uint8Array | undefined>) {
  const chunks: Uint8Array[] = [];
  let length = 0;
  let ended = false;
  return async (max: number) => {
    while (!ended && length < max) {
      const chunk = await next();
      if (chunk?.length) {
        chunks.push(chunk);
        length += chunk.length;
      } else ended = true;
    }
    return Buffer.concat(chunks).subarray(0, max);
  };
}

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

/**
 * A zip's entries from its central directory. Names that escape the folder they are unpacked
 * in (absolute, "..", backslashes) are malformed to yauzl (`strictFileNames`).
 */
export async function* zipEntries(bytes: Uint8Array): AsyncGenerator<ArchiveEntry> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      strictFileNames: true,
    });
  } catch (err) {
    throw unreadable(err);
  }
  try {
    const entries = zip.eachEntry();
    for (;;) {
      const next = await entries.next().catch((err: unknown) => {
        throw unreadable(err);
      });
      if (next.done) return;
      const entry = next.value;
      // Unix permissions (and so the file type) live in the high half of the external attributes.
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      const directory = entry.fileName.endsWith("/") || mode === S_IFDIR;
      const file = mode === 0 || mode === S_IFREG;
      let stream: AsyncIterator<Buffer> | undefined;
      const read = prefixReader(async () => {
        stream ??= (await zip.openReadStreamPromise(entry))[Symbol.asyncIterator]();
        const chunk = await stream.next();
        return chunk.done ? undefined : chunk.value;
      });
      try {
        yield {
          name: entry.fileName,
          type: directory ? "directory" : file ? "file" : "other",
          encrypted: entry.isEncrypted(),
          size: entry.uncompressedSize,
          compressedSize: entry.compressedSize,
          read: (max) => read(max).catch((err: unknown) => Promise.reject(unreadable(err))),
        };
      } finally {
        // Stop inflating what was not read.
        await stream?.return?.();
      }
    }
  } finally {
    zip.close();
  }
}

/** libarchive's output is read in pieces this big, handing the event loop back in between. */
const CHUNK_BYTES = 256 * 1024;

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * A fresh libarchive for each archive: its memory goes with it, so one upload's allocations
 * (or a decoder fault) never outlive its check. The code is compiled once per process.
 */
async function loadLibarchive(): Promise<LibarchiveWasm> {
  compiled ??= readFile(createRequire(import.meta.url).resolve("libarchive-wasm/dist/libarchive.wasm"))
    .then((wasm) => WebAssembly.compile(wasm))
    .catch((err: unknown) => {
      compiled = undefined;
      throw err;
    });
  const code = await compiled;
  return libarchiveWasm({
    instantiateWasm(
      imports: WebAssembly.Imports,
      done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ) {
      void WebAssembly.instantiate(code, imports).then((instance) => done(instance, code));
      return {};
    },
  });
}

const libarchiveTypes: Record<string, ArchiveEntry["type"]> = { File: "file", Directory: "directory" };

/**
 * A 7z or rar archive's entries, read in order; each entry's data is decoded to its end (in
 * pieces, between which other requests are served) before the next one is looked at, which
 * solid archives require anyway and which proves every entry decodes.
 */
export async function* libarchiveEntries(bytes: Uint8Array): AsyncGenerator<ArchiveEntry> {
  const lib = await loadLibarchive();
  let reader: ArchiveReader;
  try {
    reader = new ArchiveReader(lib, new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (err) {
    throw unreadable(err);
  }
  try {
    for (;;) {
      const pointer = reader.nextEntryPointer();
      if (!pointer) {
        endOfArchive(lib, reader);
        return;
      }
      const size = reader.getEntrySize(pointer);
      let decoded = 0;
      const next = async () => {
        let chunk: Int8Array;
        try {
          chunk = reader.readData(CHUNK_BYTES);
        } catch (err) {
          throw unreadable(err);
        }
        decoded += chunk.length;
        if (decoded > size) throw new UnreadableArchive("more data than declared");
        await nextTurn();
        return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      };
      const read = prefixReader(next);
      const type = libarchiveTypes[reader.getEntryFiletype(pointer)] ?? "other";
      const encrypted = reader.isEntryEncrypted(pointer);
      yield { name: reader.getEntryPathname(pointer), type, encrypted, size, read };
      if (type === "file" && !encrypted) while ((await next()).length) {}
    }
  } finally {
    reader.free();
  }
}

/**
 * libarchive-wasm answers "no entry" both at the end and when libarchive failed or warned
 * (a warning drops that entry), and leaves no status behind. Asking once more tells them
 * apart: only a finished archive answers that it is in state 'eof'.
 */
function endOfArchive(lib: LibarchiveWasm, reader: ArchiveReader) {
  const failure = lib.error_string(reader.archive);
  if (failure) throw new UnreadableArchive(failure);
  // libarchive stops silently at an encrypted RAR 5 entry, but says it saw one.
  if (reader.hasEncryptedData()) throw new UnreadableArchive("encrypted entries");
  if (reader.nextEntryPointer()) throw new UnreadableArchive("an entry libarchive could not read");
  if (!/state 'eof'/.test(lib.error_string(reader.archive))) {
    throw new UnreadableArchive("archive not read to its end");
  }
}
