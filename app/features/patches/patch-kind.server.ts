import { z } from "zod";
import { localized } from "~/features/content";
import { type ContentKind, type ContentReader, syncRows, type Unit } from "~/features/content/index.server";
import { supportPatches } from "~/platform/db/schema";
import { slugPattern } from "~/platform/text/slug";

/**
 * Patch notes as content: `content/patches/<game slug>/<version>.yaml`, one file per release
 * (layout in content/README.md). The game must exist under content/games; the version in the
 * file must match its file name, so a copied file cannot silently shadow another release.
 */
const filePattern = new RegExp(String.raw`^patches\/(${slugPattern})\/(\d+\.\d+(?:\.\d+)?)\.yaml$`);

export const patchFileSchema = z.strictObject({
  version: z.string().regex(/^\d+\.\d+(\.\d+)?$/, "Must be a version such as 1.4 or 1.4.2"),
  releasedOn: z.iso.date(),
  title: localized,
  platforms: z.array(z.string().trim().min(1)).min(1),
  changes: z
    .array(z.strictObject({ kind: z.enum(["new", "improved", "fixed", "known"]), text: localized }))
    .min(1),
});

export type PatchUnit = z.infer<typeof patchFileSchema> & { game: string };

function parse(reader: ContentReader): Unit<PatchUnit>[] {
  const units: Unit<PatchUnit>[] = [];
  for (const file of [...reader.files.keys()].sort()) {
    const match = filePattern.exec(file);
    if (!match) continue;
    const [, game, version] = match as unknown as [string, string, string];
    const data = reader.parseYaml(file, patchFileSchema);
    if (!data) continue;
    if (!reader.files.has(`games/${game}.yaml`)) {
      reader.problem(file, "(file)", `No game "${game}" under content/games`);
      continue;
    }
    if (data.version !== version) {
      reader.problem(file, "version", `Must match the file name (${version})`);
      continue;
    }
    units.push({ key: `patch:${game}/${version}`, sources: [file], data: { ...data, game } });
  }
  return units;
}

export const patchNotesKind: ContentKind<PatchUnit> = {
  name: "patch-notes",
  unitKeyOf(file) {
    const match = filePattern.exec(file);
    return match ? `patch:${match[1]}/${match[2]}` : null;
  },
  parse,
  store: (tx, units, changed) =>
    syncRows(tx, {
      table: supportPatches,
      key: supportPatches.key,
      units,
      changed,
      row: (data) => ({
        key: `${data.game}/${data.version}`,
        game: data.game,
        version: data.version,
        releasedOn: data.releasedOn,
        title: data.title,
        platforms: data.platforms,
        changes: data.changes,
      }),
    }),
};
