import fs from "node:fs/promises";
import { zipSync } from "fflate";
import type { PersonalFile } from "./personal-data";

/**
 * A data-rights archive: `data.json` (everything stored, machine-readable) and the files under
 * `files/`. Files that went missing from the store are listed in data.json but not packed.
 */
export async function buildArchive(data: unknown, files: PersonalFile[]): Promise<Uint8Array> {
  const entries: Record<string, Uint8Array> = {
    "data.json": new TextEncoder().encode(`${JSON.stringify(data, null, 2)}\n`),
  };
  for (const file of files) {
    const bytes = await fs.readFile(file.path).catch(() => null);
    if (bytes) entries[`files/${file.name}`] = new Uint8Array(bytes);
  }
  return zipSync(entries, { level: 6 });
}

/** The answer carrying an archive: a download, never stored by a cache. */
export function archiveResponse(bytes: Uint8Array, filename: string): Response {
  return new Response(bytes as BodyInit, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
