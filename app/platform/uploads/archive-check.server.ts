import { fileTypeFromBuffer } from "file-type";
import {
  type ArchiveEntry,
  libarchiveEntries,
  UnreadableArchive,
  zipEntries,
} from "./archive-readers.server";
import { isProgram } from "./program-check.server";

/**
 * Uploaded archives (docs/requirements.md#uploads allows zip, 7z and rar; a docx is a zip) are
 * unpacked by support staff on their machines, so each is looked into before it is accepted (see
 * docs/decisions/0015-looking-into-archives.md): every entry is judged by the rule for a single
 * upload (no programs, no scripts), an archive inside is looked into once, and what cannot be
 * looked into (encrypted entries, unreadable data, deeper archives, other compressed
 * containers) is refused rather than let through unchecked. A small archive can also declare
 * gigabytes or thousands of files (a "zip bomb") that would overwhelm whoever unpacks it.
 */
export const archiveLimits = {
  /** Entries (files and folders, inner archives included): save folders and log bundles stay far below. */
  maxEntries: 1000,
  /** Total declared uncompressed size, inner archives included. */
  maxUncompressedBytes: 200 * 1024 * 1024,
  /** Uncompressed ÷ compressed, past 1 MB: text compresses ~10×, a bomb 1000× and more. */
  maxRatio: 200,
  /** Archive levels looked into: the upload and archives directly inside it. Deeper is refused. */
  maxDepth: 2,
  /** An archive inside an archive is held whole in memory to be looked into: at most this big. */
  maxInnerArchiveBytes: 20 * 1024 * 1024,
};

export type ArchiveLimits = typeof archiveLimits;

export type ArchiveVerdict =
  | { ok: true; entries: number; uncompressedBytes: number }
  | { ok: false; reason: string };

/** Enough of an entry for file-type and the program rule to recognise it. */
const SNIFF_BYTES = 4100;
/** Below this, no compression ratio says anything. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/** Archives and compressed files other than zip, 7z and rar: their content cannot be looked into. */
const uncheckedContainers = new Set([
  "tar",
  "tar.gz",
  "gz",
  "bz2",
  "xz",
  "Z",
  "lz",
  "lz4",
  "zst",
  "lzh",
  "arj",
  "ace",
  "cpio",
  "ar",
]);

type ArchiveFormat = "zip" | "7z" | "rar";

const formatSignatures: Array<[ArchiveFormat, number[]]> = [
  ["zip", [0x50, 0x4b, 0x03, 0x04]],
  ["zip", [0x50, 0x4b, 0x05, 0x06]], // an empty zip
  ["7z", [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ["rar", [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]], // RAR 1.5 to 4 (…00) and 5 (…01 00)
];

/** The archive format `bytes` start with, if any of those looked into. */
export function archiveFormat(bytes: Uint8Array): ArchiveFormat | undefined {
  return formatSignatures.find(([, signature]) => signature.every((byte, i) => bytes[i] === byte))?.[0];
}

class Refused extends Error {}

const refuse = (reason: string): never => {
  throw new Refused(reason);
};

type Tally = { entries: number; bytes: number };

/** Looks into an archive (zip, 7z or rar, by its first bytes) and everything in it. */
export async function checkArchive(
  bytes: Uint8Array,
  limits: ArchiveLimits = archiveLimits,
): Promise<ArchiveVerdict> {
  const tally: Tally = { entries: 0, bytes: 0 };
  try {
    await inspect(bytes, 1, tally, limits);
    return { ok: true, entries: tally.entries, uncompressedBytes: tally.bytes };
  } catch (err) {
    if (err instanceof Refused || err instanceof UnreadableArchive) return { ok: false, reason: err.message };
    throw err;
  }
}

async function inspect(bytes: Uint8Array, depth: number, tally: Tally, limits: ArchiveLimits) {
  const format = archiveFormat(bytes) ?? refuse("not a zip, 7z or rar archive");
  const entries = format === "zip" ? zipEntries(bytes) : libarchiveEntries(bytes);
  let declared = 0;
  for await (const entry of entries) {
    tally.entries += 1;
    if (tally.entries > limits.maxEntries) refuse(`more than ${limits.maxEntries} entries`);
    if (escapes(entry.name)) refuse(`entry name ${JSON.stringify(entry.name)}`);
    if (entry.type === "directory") continue;
    if (entry.type !== "file") refuse(`${entry.name}: a link or special file`);
    if (entry.encrypted) refuse(`${entry.name}: encrypted`);
    declared += entry.size;
    tally.bytes += entry.size;
    if (tally.bytes > limits.maxUncompressedBytes) refuse("uncompressed size");
    const { compressedSize } = entry;
    if (compressedSize !== undefined && entry.size > RATIO_FLOOR_BYTES) {
      if (entry.size / Math.max(1, compressedSize) > limits.maxRatio) refuse("compression ratio");
    }
    // 7z and rar compress entries together: the archive as a whole must be believable.
    if (declared > RATIO_FLOOR_BYTES && declared / bytes.length > limits.maxRatio)
      refuse("compression ratio");
    await inspectEntry(entry, depth, tally, limits);
  }
}

async function inspectEntry(entry: ArchiveEntry, depth: number, tally: Tally, limits: ArchiveLimits) {
  const head = await entry.read(SNIFF_BYTES);
  if (await isProgram(entry.name, head)) refuse(`${entry.name}: a program or script`);
  if (archiveFormat(head)) {
    if (depth >= limits.maxDepth) refuse(`${entry.name}: an archive inside an archive inside an archive`);
    if (entry.size > limits.maxInnerArchiveBytes) refuse(`${entry.name}: inner archive too large`);
    await inspect(await entry.read(entry.size), depth + 1, tally, limits);
    return;
  }
  const sniffed = await fileTypeFromBuffer(head);
  if (sniffed && uncheckedContainers.has(sniffed.ext)) refuse(`${entry.name}: a ${sniffed.ext} archive`);
}

/** Absolute paths, drive letters and ".." segments: an unpacker would write outside its folder. */
function escapes(name: string): boolean {
  return name === "" || /^([\\/]|[A-Za-z]:)/.test(name) || name.split(/[\\/]/).includes("..");
}
