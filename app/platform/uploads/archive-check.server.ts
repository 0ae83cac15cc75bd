import yauzl from "yauzl";

/**
 * Archive limits for uploads (SPEC §9 allows zip, 7z and rar). A small archive can declare
 * gigabytes or hundreds of thousands of files (a "zip bomb") that would overwhelm whoever
 * unpacks it for support. Zip (and docx, a zip) is checked by its central directory, read with
 * yauzl without unpacking anything. 7z and rar are checked by their magic bytes only (see
 * docs/decisions/0011-archive-checks.md): no well-kept pure-JavaScript reader exists for them.
 */
export const archiveLimits = {
  /** Entries (files and folders) one archive may hold: save folders and log bundles stay far below. */
  maxEntries: 1000,
  /** Total declared uncompressed size. */
  maxUncompressedBytes: 200 * 1024 * 1024,
  /** Uncompressed ÷ compressed for one entry: text compresses ~10×, a bomb 1000× and more. */
  maxRatio: 200,
};

export type ArchiveVerdict =
  | { ok: true; entries: number; uncompressedBytes: number }
  | { ok: false; reason: string };

/** Reads a zip's central directory and checks it against `limits`; never unpacks an entry. */
export async function checkZipArchive(bytes: Uint8Array, limits = archiveLimits): Promise<ArchiveVerdict> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      // Absolute paths, "..", backslashes: refused as names no unpacker should be handed.
      strictFileNames: true,
    });
  } catch {
    return { ok: false, reason: "not a readable zip" };
  }
  // The count is declared up front: a bomb of many entries is refused before reading one.
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    return { ok: false, reason: `${zip.entryCount} entries` };
  }
  return new Promise<ArchiveVerdict>((resolve) => {
    let total = 0;
    let entries = 0;
    const finish = (verdict: ArchiveVerdict) => {
      zip.removeAllListeners();
      zip.close();
      resolve(verdict);
    };
    zip.on("entry", (entry: yauzl.Entry) => {
      entries += 1;
      total += entry.uncompressedSize;
      if (total > limits.maxUncompressedBytes) return finish({ ok: false, reason: "uncompressed size" });
      const big = entry.uncompressedSize > 1024 * 1024;
      if (big && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio) {
        return finish({ ok: false, reason: "compression ratio" });
      }
      zip.readEntry();
    });
    zip.on("end", () => finish({ ok: true, entries, uncompressedBytes: total }));
    zip.on("error", () => finish({ ok: false, reason: "malformed central directory" }));
    zip.readEntry();
  });
}
