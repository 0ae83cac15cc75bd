import type { Services } from "~/platform/services.server";

/**
 * The upload ids of a form's file field. Without JavaScript the files themselves arrive: they
 * are stored first (unattached, so the upload purge removes them if the caller's transaction
 * fails); the store vets their content. With it, the upload widget already sent them: their ids.
 */
export async function storeFormFiles(
  svc: Pick<Services, "uploads">,
  items: ReadonlyArray<File | string>,
): Promise<string[]> {
  const files = items.filter((item): item is File => typeof item !== "string");
  const saved = files.length
    ? await svc.uploads.save(
        await Promise.all(
          files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
        ),
      )
    : [];
  return [...items.filter((item): item is string => typeof item === "string"), ...saved.map((s) => s.id)];
}
