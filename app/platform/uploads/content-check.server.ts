import { isUtf8 } from "node:buffer";
import { fileTypeFromBuffer } from "file-type";
import { checkZipArchive } from "./archive-check.server";

/**
 * Decides whether an uploaded file is one of the types SPEC §9 allows (jpeg, jpg, gif, png,
 * txt, doc, docx, lsv, lsx, log, pdf, 7z, rar, zip, any image or video) by its content: the
 * name only has to agree with what the bytes are.
 */
export type ContentVerdict = { ok: true; mimeType: string; extension: string } | { ok: false };

const refused: ContentVerdict = { ok: false };

/** Programs and scripts are refused whatever they are called. */
const executableSignatures: number[][] = [
  [0x4d, 0x5a], // MZ: Windows/DOS executables and DLLs
  [0x7f, 0x45, 0x4c, 0x46], // ELF: Linux and BSD executables
  [0xfe, 0xed, 0xfa, 0xce], // Mach-O 32-bit
  [0xfe, 0xed, 0xfa, 0xcf], // Mach-O 64-bit
  [0xce, 0xfa, 0xed, 0xfe], // Mach-O 32-bit, little-endian
  [0xcf, 0xfa, 0xed, 0xfe], // Mach-O 64-bit, little-endian
  [0xca, 0xfe, 0xba, 0xbe], // Mach-O universal binary (and Java classes)
  [0x23, 0x21], // #!: scripts with an interpreter line
];

/** Formats with magic bytes: what file-type names them → the extensions a file may carry. */
const documentTypes: Record<string, { extensions: string[]; mimeType?: string }> = {
  pdf: { extensions: ["pdf"] },
  zip: { extensions: ["zip"] },
  "7z": { extensions: ["7z"] },
  rar: { extensions: ["rar"] },
  docx: { extensions: ["docx"] },
  // Word 97-2003 files are Compound File Binary containers.
  cfb: { extensions: ["doc"], mimeType: "application/msword" },
};

/** Images and videos whose usual names differ from file-type's extension. */
const mediaExtensions: Record<string, string[]> = {
  jpg: ["jpg", "jpeg", "jpe", "jfif"],
  apng: ["png", "apng"],
  tif: ["tif", "tiff"],
  heic: ["heic", "heif"],
  mp4: ["mp4", "m4v"],
  m4v: ["m4v", "mp4"],
  mov: ["mov", "qt"],
  mpg: ["mpg", "mpeg"],
};

/** Plain-text formats (logs, text saves): no magic bytes, so they must be valid UTF-8 text. */
const textExtensions = new Set(["txt", "log", "lsx", "lsv"]);

export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

/** UTF-8 without NUL bytes: binary data that happens to decode is still not text. */
function isText(bytes: Uint8Array): boolean {
  return isUtf8(bytes) && !bytes.includes(0);
}

export async function checkUploadContent(name: string, bytes: Uint8Array): Promise<ContentVerdict> {
  const extension = extensionOf(name);
  if (!extension || bytes.length === 0) return refused;
  if (executableSignatures.some((signature) => startsWith(bytes, signature))) return refused;

  const sniffed = await fileTypeFromBuffer(bytes);
  // file-type also recognises a few text formats (XML, iCalendar, vCard, WebVTT): such files
  // are text, and a text extension (an .lsx is XML) is then the right name for them.
  if (!sniffed || sniffed.mime === "application/xml" || sniffed.mime.startsWith("text/")) {
    return textExtensions.has(extension) && isText(bytes)
      ? { ok: true, mimeType: "text/plain; charset=utf-8", extension }
      : refused;
  }
  const document = documentTypes[sniffed.ext];
  if (document) {
    if (!document.extensions.includes(extension)) return refused;
    // Zips (docx is one) are opened far from here by people and tools: no bombs (archive-check).
    if ((sniffed.ext === "zip" || sniffed.ext === "docx") && !(await checkZipArchive(bytes)).ok)
      return refused;
    return { ok: true, mimeType: document.mimeType ?? sniffed.mime, extension };
  }
  if (/^(image|video)\//.test(sniffed.mime)) {
    const names = mediaExtensions[sniffed.ext] ?? [sniffed.ext];
    return names.includes(extension) ? { ok: true, mimeType: sniffed.mime, extension } : refused;
  }
  // Recognised but not allowed (audio, other archives, installers, fonts…).
  return refused;
}
