/**
 * What an upload may be (docs/requirements.md#uploads), checked in the browser before a byte is
 * sent and again on the server (where the upload store also reads the file's magic bytes, not only
 * its name).
 */

/**
 * docs/requirements.md#uploads: jpeg, jpg, gif, png, txt, doc, docx, lsv, lsx, log, pdf, 7z, rar,
 * zip, any image or video.
 */
export const uploadExtensions = [
  "jpeg",
  "jpg",
  "gif",
  "png",
  "txt",
  "doc",
  "docx",
  "lsv",
  "lsx",
  "log",
  "pdf",
  "7z",
  "rar",
  "zip",
] as const;

/** The `accept` attribute of the file input: the browser's picker offers only these. */
export const uploadAccept = [...uploadExtensions.map((ext) => `.${ext}`), "image/*", "video/*"].join(",");

export type UploadLimits = {
  /** How many files the field takes (docs/requirements.md#uploads: 1 by default). */
  maxFiles: number;
  /** The total size of the field's files, in KB (docs/requirements.md#uploads: 5000 KB by default). */
  maxKb: number;
};

export const defaultUploadLimits: UploadLimits = { maxFiles: 1, maxKb: 5000 };

/**
 * docs/requirements.md#uploads counts 5000 KB as 5 MB, so KB→MB divides by 1000 for the texts;
 * bytes use 1024.
 */
export const bytesPerKb = 1024;

export function maxBytes(limits: UploadLimits): number {
  return limits.maxKb * bytesPerKb;
}

/** The size shown for a file, in MB with two decimals (the upload item's `size`). */
export function sizeInMb(bytes: number): number {
  return Math.round((bytes / (bytesPerKb * bytesPerKb)) * 100) / 100;
}

/** The limit as the texts say it: '… max 5 MB files size error.' */
export function maxMbLabel(limits: UploadLimits): number {
  return Math.round(limits.maxKb / 10) / 100;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** True when the name's extension is listed, or the browser says it is any image or video. */
export function isAllowedUploadType(file: { name: string; type: string }): boolean {
  if (/^(image|video)\//.test(file.type)) return true;
  return (uploadExtensions as readonly string[]).includes(extensionOf(file.name));
}

/** The upload item's error flags (docs/requirements.md#uploads), set before upload. */
export function checkUpload(
  file: { name: string; type: string; size: number },
  limits: UploadLimits,
): { size: boolean; type: boolean } {
  return { type: !isAllowedUploadType(file), size: file.size > maxBytes(limits) };
}

/** True when the files together break the count or total-size limit. */
export function exceedsUploadLimits(files: readonly { size: number }[], limits: UploadLimits): boolean {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return files.length > limits.maxFiles || total > maxBytes(limits);
}

/** docs/requirements.md#uploads: displayed names are cut to 20 characters; the extension stays readable. */
export function truncateFileName(name: string, max = 20): string {
  const chars = [...name];
  if (chars.length <= max) return name;
  const ext = extensionOf(name);
  const tail = ext && ext.length < max / 2 ? `.${ext}` : "";
  const tailLength = [...tail].length;
  return `${chars.slice(0, max - 1 - tailLength).join("")}…${tail}`;
}
