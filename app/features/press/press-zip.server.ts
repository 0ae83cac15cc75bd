import crypto from "node:crypto";
import { type Zippable, zipSync } from "fflate";
import type { FileStore } from "~/platform/files/file-store.server";

/**
 * Whole-kit zips, built once and kept in the file store as
 * `press-zips/<kit>-<lang>-<hash of the inputs>.zip` (DATA_DIR/press-zips, or FILE_STORE_URL's
 * bucket, so that every process serves the same zip and builds it at most once between them
 * unless two race): a kit whose files and texts are unchanged is never zipped again, one that
 * changed gets a new name (and ETag), and older versions are removed. The store writes a zip
 * whole, so a reader never sees half of one; requests of this process for a zip being built
 * wait for that one build.
 */

export type ZipEntry = { path: string; bytes: Uint8Array; sha256: string; compress: boolean };

/** `file`: the zip's key in the file store. */
export type BuiltZip = { file: string; bytes: number; etag: string };

/** Bump when the layout of the zip changes, so every cached zip is rebuilt once. */
const zipFormatVersion = 1;

export function createPressZips(store: FileStore) {
  const building = new Map<string, Promise<BuiltZip>>();
  /** Zips known to be stored, by key, with their size: a name never changes content. */
  const known = new Map<string, number>();

  async function build(target: string, prefix: string, entries: ZipEntry[], modified: Date) {
    const files: Zippable = {};
    for (const entry of entries) {
      // Images are compressed already; deflating them again costs time and saves nothing.
      files[entry.path] = [entry.bytes, { level: entry.compress ? 6 : 0, mtime: modified }];
    }
    const bytes = zipSync(files);
    await store.put(target, bytes);
    // Earlier versions of the same kit and language; another process may still be sending one,
    // which both stores allow (an open file lives on, a GET under way is answered whole).
    for (const file of await store.list(prefix)) {
      if (file.key.endsWith(".zip") && file.key !== target) await store.delete(file.key);
    }
    return bytes.length;
  }

  return {
    /** The zip of these entries: the cached file when it exists, else built once. */
    async ensure(kit: string, lang: string, entries: ZipEntry[], modified: Date): Promise<BuiltZip> {
      const hash = crypto
        .createHash("sha256")
        .update(String(zipFormatVersion))
        .update(modified.toISOString());
      for (const entry of entries) hash.update(`\n${entry.path}\0${entry.sha256}\0${entry.compress}`);
      const digest = hash.digest("hex").slice(0, 20);
      const prefix = `press-zips/${kit}-${lang}-`;
      const target = `${prefix}${digest}.zip`;
      const result = (bytes: number): BuiltZip => {
        known.set(target, bytes);
        return { file: target, bytes, etag: `"${digest}"` };
      };

      const size = known.get(target) ?? (await store.stat(target))?.size;
      if (size !== undefined) return result(size);
      let pending = building.get(target);
      if (!pending) {
        pending = build(target, prefix, entries, modified)
          .then(result)
          .finally(() => building.delete(target));
        building.set(target, pending);
      }
      return pending;
    },

    /**
     * The stored zip as a stream, or null when it went (replaced by another process after a
     * change of the kit): the caller builds it again.
     */
    async open(zip: BuiltZip) {
      const opened = await store.stream(zip.file);
      if (!opened) known.delete(zip.file);
      return opened;
    },
  };
}

export type PressZips = ReturnType<typeof createPressZips>;
