import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { type Zippable, zipSync } from "fflate";
import { writeWhole } from "~/platform/files/write-whole.server";

/**
 * Whole-kit zips, built once and kept under DATA_DIR/press-zips as
 * `<kit>-<lang>-<hash of the inputs>.zip`: a kit whose files and texts are unchanged is never
 * zipped again, one that changed gets a new name (and ETag), and older versions are removed.
 * A zip is written to a temporary file and renamed into place, so a reader never sees half of
 * one; requests for a zip being built wait for that one build.
 */

export type ZipEntry = { path: string; bytes: Uint8Array; sha256: string; compress: boolean };

export type BuiltZip = { file: string; bytes: number; etag: string };

/** Bump when the layout of the zip changes, so every cached zip is rebuilt once. */
const zipFormatVersion = 1;

export function createPressZips(dir: string) {
  const building = new Map<string, Promise<BuiltZip>>();

  async function build(target: string, prefix: string, entries: ZipEntry[], modified: Date) {
    const files: Zippable = {};
    for (const entry of entries) {
      // Images are compressed already; deflating them again costs time and saves nothing.
      files[entry.path] = [entry.bytes, { level: entry.compress ? 6 : 0, mtime: modified }];
    }
    const bytes = zipSync(files);
    await writeWhole(target, bytes, { replace: true });
    // Earlier versions of the same kit and language; another process may still be sending
    // one, which POSIX allows (the file lives until it is closed).
    for (const name of await fs.readdir(dir)) {
      if (name.startsWith(prefix) && name.endsWith(".zip") && path.join(dir, name) !== target) {
        await fs.rm(path.join(dir, name), { force: true });
      }
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
      const prefix = `${kit}-${lang}-`;
      const target = path.join(dir, `${prefix}${digest}.zip`);
      const result = (bytes: number): BuiltZip => ({ file: target, bytes, etag: `"${digest}"` });

      const existing = await fs.stat(target).catch(() => null);
      if (existing) return result(existing.size);
      let pending = building.get(target);
      if (!pending) {
        pending = build(target, prefix, entries, modified)
          .then(result)
          .finally(() => building.delete(target));
        building.set(target, pending);
      }
      return pending;
    },
  };
}

export type PressZips = ReturnType<typeof createPressZips>;
