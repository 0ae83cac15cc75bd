import { type ContentKind, type ContentReader, syncRows, type Unit } from "~/features/content/index.server";
import { slugPattern } from "~/platform/text/slug";
import { type PressKitFile, pressKitFileSchema } from "./press-kit-file.server";
import { pressKits } from "./tables";

/**
 * Press kits as content: `content/press/<kit>/kit.yaml`, the downloadable images and logos in
 * `files/`, and one small WebP per file in `thumbs/` (`<name>.webp`, for the page's grid; made
 * by `npm run press:thumbs`). Every file the kit lists must exist and every file must be listed,
 * so the zip holds exactly what the page shows.
 */
const kitPattern = new RegExp(String.raw`^press/(${slugPattern})/(kit\.yaml|files/[^/]+|thumbs/[^/]+)$`);

export type PressKitUnit = { slug: string; kit: PressKitFile };

/** `key-art.png` → `key-art.png.webp` (a PNG and an SVG logo may share a name). */
export const thumbName = (file: string) => `${file}.webp`;

function parse(reader: ContentReader): Unit<PressKitUnit>[] {
  const bySlug = new Map<string, string[]>();
  for (const file of reader.files.keys()) {
    const match = kitPattern.exec(file);
    if (match) bySlug.set(match[1]!, [...(bySlug.get(match[1]!) ?? []), file]);
  }
  const units: Unit<PressKitUnit>[] = [];
  for (const [slug, sources] of [...bySlug].sort(([a], [b]) => a.localeCompare(b))) {
    const base = `press/${slug}`;
    if (!reader.files.has(`${base}/kit.yaml`)) {
      reader.fileProblem(`${base}/kit.yaml`, "file is missing (the files beside it need it)");
      continue;
    }
    const kit = reader.parseYaml(`${base}/kit.yaml`, pressKitFileSchema);
    if (!kit) continue;
    let valid = true;
    const fail = (file: string, field: string | null, message: string) => {
      if (field) reader.problem(file, field, message);
      else reader.fileProblem(file, message);
      valid = false;
    };
    if (kit.game && !reader.files.has(`games/${kit.game}.yaml`)) {
      fail(`${base}/kit.yaml`, "game", `Unknown game "${kit.game}" (no games/${kit.game}.yaml)`);
    }
    const listed = [...kit.images, ...kit.logos].map((item) => item.file);
    for (const [i, file] of listed.entries()) {
      const field = i < kit.images.length ? `images[${i}].file` : `logos[${i - kit.images.length}].file`;
      if (!reader.files.has(`${base}/files/${file}`))
        fail(`${base}/kit.yaml`, field, `No file ${base}/files/${file}`);
      if (!reader.files.has(`${base}/thumbs/${thumbName(file)}`)) {
        fail(
          `${base}/kit.yaml`,
          field,
          `No thumbnail ${base}/thumbs/${thumbName(file)} (npm run press:thumbs)`,
        );
      }
    }
    const thumbs = new Set(listed.map(thumbName));
    for (const source of sources) {
      const [folder, name] = source.slice(base.length + 1).split("/") as [string, string | undefined];
      if (folder === "files" && name && !listed.includes(name)) {
        fail(source, null, "not listed in kit.yaml (images or logos)");
      }
      if (folder === "thumbs" && name && !thumbs.has(name)) {
        fail(source, null, "a thumbnail of no file the kit lists");
      }
    }
    if (!valid) continue;
    units.push({ key: `press-kit:${slug}`, sources: sources.sort(), data: { slug, kit } });
  }
  return units;
}

export const pressKitsKind: ContentKind<PressKitUnit> = {
  name: "press-kits",
  unitKeyOf(file) {
    const match = kitPattern.exec(file);
    return match ? `press-kit:${match[1]}` : null;
  },
  parse,
  store: (tx, units, changed) =>
    syncRows(tx, {
      table: pressKits,
      key: pressKits.slug,
      units,
      changed,
      row: ({ slug, kit }) => ({
        slug,
        kind: kit.kind,
        game: kit.game ?? null,
        archived: kit.archived,
        updatedOn: kit.updatedOn,
        sort: kit.sort,
        kit,
      }),
    }),
};
