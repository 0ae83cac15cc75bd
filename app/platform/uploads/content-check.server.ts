import { isUtf8 } from "node:buffer";
import { fileTypeFromBuffer } from "file-type";
import { checkArchive } from "./archive-check.server";
import { extensionOf, isProgram } from "./program-check.server";

/**
 * Decides whether an uploaded file is one of the types docs/requirements.md#uploads allows (jpeg,
 * jpg, gif, png, txt, doc, docx, lsv, lsx, log, pdf, 7z, rar, zip, any image or video) by its
 * content: the name only has to agree with what the bytes are.
 */
export type ContentVerdict = { ok: true; mimeType: string; extension: string } | { ok: false };

const refused: ContentVerdict = { ok: false };

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

/** What file-type calls the archives looked into before they are accepted. */
const archiveExtensions = new Set(["zip", "docx", "7z", "rar"]);

/** Plain-text formats (logs, text saves): no magic bytes, so they must be valid UTF-8 text. */
const textExtensions = new Set(["txt", "log", "lsx", "lsv"]);

/** UTF-8 without NUL bytes: binary data that happens to decode is still not text. */
function isText(bytes: Uint8Array): boolean {
  return isUtf8(bytes) && !bytes.includes(0);
}

export async function checkUploadContent(name: string, bytes: Uint8Array): Promise<ContentVerdict> {
  const extension = extensionOf(name);
  if (!extension || bytes.length === 0) return refused;
  // Programs and scripts are refused whatever they are called (program-check).
  if (await isProgram(name, bytes)) return refused;

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
    // Archives (a docx is a zip) are unpacked far from here by people and tools: every entry
    // is looked into, and bombs are refused (archive-check).
    if (archiveExtensions.has(sniffed.ext) && !(await checkArchive(bytes)).ok) return refused;
    return { ok: true, mimeType: document.mimeType ?? sniffed.mime, extension };
  }
  if (/^(image|video)\//.test(sniffed.mime)) {
    const names = mediaExtensions[sniffed.ext] ?? [sniffed.ext];
    return names.includes(extension) ? { ok: true, mimeType: sniffed.mime, extension } : refused;
  }
  // Recognised but not allowed (audio, other archives, installers, fonts…).
  return refused;
}
