import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { imageSize } from "image-size";
import { thumbName } from "./press-kit-kind.server";

/**
 * The bytes of a kit's images and logos, read from the content folder they were loaded from
 * (content/press/<kit>/files and thumbs). Each file is read once and kept while its size and
 * modification time stay the same: assembling the kits or checking a zip then costs one stat per
 * file.
 */

export type KitFileData = {
  bytes: Buffer;
  sha256: string;
  width: number;
  height: number;
  mtimeMs: number;
};

export const formats = { png: "PNG", jpg: "JPEG", svg: "SVG", webp: "WebP" } as const;
export const mimeTypes = {
  png: "image/png",
  jpg: "image/jpeg",
  svg: "image/svg+xml",
  webp: "image/webp",
} as const;
export type FileExtension = keyof typeof formats;

export function extensionOf(name: string): FileExtension {
  return name.slice(name.lastIndexOf(".") + 1) as FileExtension;
}

export type PressFiles = {
  file(kit: string, name: string): Promise<KitFileData>;
  thumbnail(kit: string, name: string): Promise<KitFileData>;
};

export function createPressFiles(contentDir: string): PressFiles {
  const cache = new Map<string, KitFileData>();
  async function read(relative: string): Promise<KitFileData> {
    const full = path.join(contentDir, "press", relative);
    const stat = await fs.stat(full);
    const known = cache.get(full);
    if (known && known.mtimeMs === stat.mtimeMs && known.bytes.length === stat.size) return known;
    const bytes = await fs.readFile(full);
    const size = imageSize(bytes);
    const data = {
      bytes,
      sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
      width: size.width,
      height: size.height,
      mtimeMs: stat.mtimeMs,
    };
    cache.set(full, data);
    return data;
  }
  return {
    file: (kit, name) => read(`${kit}/files/${name}`),
    thumbnail: (kit, name) => read(`${kit}/thumbs/${thumbName(name)}`),
  };
}
