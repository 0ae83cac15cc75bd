import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { ContentError } from "./content-error";
import { type ContentStamp, parseStamp, STAMP_FILE, writeStamp } from "./stamp.server";

/** One file of the content folder: its path relative to the folder (with "/"), text and hash. */
export type ContentFile = { path: string; text: string; hash: string };

export type ContentFiles = {
  /** How files are named in messages, e.g. "content" so problems read "content/studio.yaml: …". */
  label: string;
  files: Map<string, ContentFile>;
  /** The folder's VERSION file (stamp.server.ts), not one of its files; null when it has none. */
  stamp: ContentStamp | null;
};

/** Reads every file under `dir` (dot files and folders skipped: editors and git leave them). */
export async function readContentFiles(dir: string): Promise<ContentFiles> {
  const root = path.resolve(dir);
  const label = path.basename(root);
  const stat = await fs.stat(root).catch(() => null);
  if (!stat?.isDirectory()) throw new ContentError([`${root}: the content folder does not exist`]);
  const files = new Map<string, ContentFile>();
  let stamp: ContentStamp | null = null;
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (relative.split("/").some((part) => part.startsWith("."))) continue;
    const bytes = await fs.readFile(path.join(root, relative));
    if (relative === STAMP_FILE) {
      stamp = parseStamp(bytes.toString("utf8"), label);
      continue;
    }
    files.set(relative, {
      path: relative,
      text: bytes.toString("utf8"),
      hash: crypto.createHash("sha256").update(bytes).digest("hex"),
    });
  }
  return { label, files: new Map([...files].sort(([a], [b]) => a.localeCompare(b))), stamp };
}

/** Stamps a folder as it is now (the editor's `--stamp`, for a folder already checked). */
export async function stampContent(dir: string, now = new Date()): Promise<ContentStamp> {
  const content = await readContentFiles(dir);
  return writeStamp(dir, content.files.values(), content.stamp, now);
}
