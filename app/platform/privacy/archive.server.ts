import { zipSync } from "fflate";
import type { PersonalFile } from "./personal-data";

/**
 * A data-rights archive: `data.json` (everything stored, machine-readable) and the files under
 * `files/`, read from the file store. Files that went missing from the store are listed in
 * data.json but not packed; a store that cannot be reached fails the archive (503), rather than
 * handing the person an archive short of their files.
 */
export async function buildArchive(
  data: unknown,
  files: PersonalFile[],
  read: (file: string) => Promise<Uint8Array | null>,
): Promise<Uint8Array> {
  const entries: Record<string, Uint8Array> = {
    "data.json": new TextEncoder().encode(`${JSON.stringify(data, null, 2)}\n`),
  };
  for (const file of files) {
    const bytes = await read(file.file);
    if (bytes) entries[`files/${file.name}`] = bytes;
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

/** What a download form asks for: one item (`kind` and `id`) or everything (`all=1`). */
export type DownloadChoice = "all" | { kind: string; id: string };

/** The choice a download form posted; null when it names neither one item nor everything. */
export function readDownloadChoice(form: FormData): DownloadChoice | null {
  if (form.get("all") === "1") return "all";
  const kind = form.get("kind");
  const id = form.get("id");
  return typeof kind === "string" && typeof id === "string" ? { kind, id } : null;
}

/** The zip's file name: what it holds. */
export const archiveFilename = (choice: DownloadChoice) =>
  choice === "all" ? "my-data.zip" : `${choice.kind}-data.zip`;
