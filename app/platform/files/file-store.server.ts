import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { writeWhole } from "./write-whole.server";

/**
 * Where the files visitors send (uploads, résumés, attachments) and the files the site makes
 * (press zips) are kept: the local disk under DATA_DIR by default, an S3-compatible object store
 * with FILE_STORE_URL, so that every process on every machine reads the same files
 * (docs/decisions/0030-shared-file-store.md). Keys are "folder/name" ("uploads/<id>",
 * "press-zips/<kit>-<lang>-<hash>.zip"); on disk they are those paths under DATA_DIR, so the
 * files of a site that ran before the store existed are found where they were.
 */
export type FileStore = {
  /** For the boot log: a folder, or the URL without its credentials. */
  description: string;
  /** Stores the bytes under `key`, replacing what was there: readers see all of it or nothing. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The whole file, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** The file as a stream with its size, or null when there is none. */
  stream(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Size and last write, or null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /** Deletes the file; a file already gone is no error. */
  delete(key: string): Promise<void>;
  /** The files whose key starts with `prefix` ("uploads/", "press-zips/kit-en-"), in no order. */
  list(prefix: string): Promise<StoredFile[]>;
  /** Whether the store answers now (asked after a page failed, as the database is). */
  ping(): Promise<boolean>;
  close(): void;
};

export type StoredFile = { key: string; size: number; modified: Date };

/**
 * The store could not be reached or refused to work (network, timeout, its own error, refused
 * credentials): the request is answered 503 with Retry-After, never 500
 * (app/platform/http/unavailable.server.ts), and the purges try again at their next run.
 */
export class FileStoreUnavailable extends Error {
  readonly code = "FILE_STORE_UNAVAILABLE";
  constructor(what: string, cause: unknown) {
    super(`file store unavailable: ${what}`, { cause });
  }
}

export const isFileStoreUnavailable = (err: unknown): boolean => {
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    if (e instanceof FileStoreUnavailable) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

const keyPattern = /^[\w.-]+(\/[\w.-]+)*$/;

/** A key the store accepts: folders and names of letters, digits, '_', '.', '-', never "." or "..". */
export function checkKey(key: string): string {
  if (!keyPattern.test(key) || key.split("/").some((part) => part === "." || part === ".."))
    throw new Error(`file store: invalid key ${JSON.stringify(key)}`);
  return key;
}

/** Files under `root`, each key its path there. Written whole (write-whole.server.ts). */
export function createLocalFileStore(root: string): FileStore {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";
  return {
    description: root,
    async put(key, bytes) {
      const file = fileOf(key);
      // Visitors' files are nobody else's business on the machine.
      await fsp.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeWhole(file, bytes, { replace: true, mode: 0o600 });
    },
    async get(key) {
      return fsp.readFile(fileOf(key)).then(
        (bytes) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        (err) => {
          if (missing(err)) return null;
          throw err;
        },
      );
    },
    async stream(key) {
      const file = fileOf(key);
      // Opened before answering, so a file deleted meanwhile is still sent whole (POSIX).
      const handle = await fsp.open(file, "r").catch((err) => {
        if (missing(err)) return null;
        throw err;
      });
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async stat(key) {
      const stat = await fsp.stat(fileOf(key)).catch((err) => {
        if (missing(err)) return null;
        throw err;
      });
      return stat?.isFile() ? { key, size: stat.size, modified: stat.mtime } : null;
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    async list(prefix) {
      const slash = prefix.lastIndexOf("/");
      const folder = prefix.slice(0, slash + 1);
      const start = prefix.slice(slash + 1);
      if (folder) checkKey(folder.slice(0, -1));
      const names = await fsp.readdir(path.join(root, folder)).catch((err) => {
        if (missing(err) || (err as NodeJS.ErrnoException).code === "ENOTDIR") return [] as string[];
        throw err;
      });
      const found: StoredFile[] = [];
      // Hidden names are writeWhole's files being written: not stored yet.
      for (const name of names.filter((n) => n.startsWith(start) && !n.startsWith("."))) {
        const stat = await fsp.stat(path.join(root, folder, name)).catch(() => null);
        if (stat?.isFile()) found.push({ key: folder + name, size: stat.size, modified: stat.mtime });
      }
      return found;
    },
    async ping() {
      return true;
    },
    close() {},
  };
}
