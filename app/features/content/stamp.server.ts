import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { ContentError } from "./content-error";

/** A file as the stamp sees it (read-tree.server.ts's ContentFile): its path and hash. */
type HashedFile = { path: string; hash: string };

/**
 * A content tree's version. Several processes, on several machines, load their own copy of the
 * content folder into one database; without an order between copies, a machine restarted on an
 * older checkout would put the whole site's content back (and close newer job offers). So an
 * editor stamps the folder when committing a change (`npm run content:check -- --stamp`): the
 * stamp, a file named VERSION at the folder's root, says when it was stamped and which files it
 * was stamped over. It lives in the folder itself because a container build has no `.git` and
 * CONTENT_DIR may live outside the checkout. A process loads a folder only when its stamp is
 * newer than the one the database recorded (loader.server.ts).
 */
export const STAMP_FILE = "VERSION";

export type ContentStamp = {
  /** When the editor stamped the folder; stamps order trees. */
  stampedAt: Date;
  /** The digest of the files it was stamped over (digestOf): a later edit shows as a mismatch. */
  files: string;
};

/** One digest for a whole tree: every file's path and hash, in path order. */
export function digestOf(files: Iterable<HashedFile>): string {
  const hash = crypto.createHash("sha256");
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(`${file.path}\0${file.hash}\n`);
  }
  return hash.digest("hex");
}

const stampLines = z.object({
  stamped: z.iso.datetime({ message: "stamped: expected a UTC time such as 2026-11-29T17:30:00.000Z" }),
  files: z.string().regex(/^[0-9a-f]{64}$/, "files: expected the 64-character digest the stamp wrote"),
});

/** Reads a stamp file's text; a hand-broken one is a content error naming it. */
export function parseStamp(text: string, label: string): ContentStamp {
  const fields = Object.fromEntries(
    text
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => {
        const colon = line.indexOf(":");
        return colon < 0 ? [line, ""] : [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
      }),
  );
  const parsed = stampLines.safeParse(fields);
  if (!parsed.success) {
    throw new ContentError(
      parsed.error.issues.map(
        (issue) =>
          `${label}/${STAMP_FILE}: ${issue.message} (write it again with npm run content:check -- --stamp)`,
      ),
    );
  }
  return { stampedAt: new Date(parsed.data.stamped), files: parsed.data.files };
}

function stampText(stamp: ContentStamp): string {
  return [
    "# This content folder's version, written by `npm run content:check -- --stamp` (content/README.md).",
    "# Processes load the folder only when this stamp is newer than the database's. Do not edit.",
    `stamped: ${stamp.stampedAt.toISOString()}`,
    `files: ${stamp.files}`,
    "",
  ].join("\n");
}

/**
 * Writes the folder's stamp over the files it holds now. The time is the clock's, but always
 * after the previous stamp's, so a stamp made on a machine whose clock is behind still orders
 * after the tree it changed.
 */
export async function writeStamp(
  dir: string,
  files: Iterable<HashedFile>,
  previous: ContentStamp | null,
  now = new Date(),
): Promise<ContentStamp> {
  const after = previous ? previous.stampedAt.getTime() + 1 : 0;
  const stamp = { stampedAt: new Date(Math.max(now.getTime(), after)), files: digestOf(files) };
  await fs.writeFile(path.join(dir, STAMP_FILE), stampText(stamp));
  return stamp;
}

/** A folder as read (read-tree.server.ts's ContentFiles): how it is named, its files, its stamp. */
type StampedFolder = { label: string; files: Map<string, HashedFile>; stamp: ContentStamp | null };

/**
 * What is wrong with a folder's stamp, for the editor: none, or one over other files (the folder
 * was edited after it was stamped). Null when the stamp is current.
 */
export function stampProblem(
  content: StampedFolder,
  digest = digestOf(content.files.values()),
): string | null {
  if (content.stamp === null) {
    return `${content.label}/${STAMP_FILE}: missing: the site loads an unstamped folder only into an empty database (stamp it with npm run content:check -- --stamp)`;
  }
  if (content.stamp.files !== digest) {
    return `${content.label}/${STAMP_FILE}: the folder changed after it was stamped on ${content.stamp.stampedAt.toISOString()}: stamp it again with npm run content:check -- --stamp`;
  }
  return null;
}

/**
 * The time of a folder's stamp when it is current; null when it has none or it is stale.
 * `digest`: the folder's, when the caller has it already (digestOf).
 */
export function currentStampOf(content: StampedFolder, digest?: string): Date | null {
  return stampProblem(content, digest) === null ? (content.stamp?.stampedAt ?? null) : null;
}
