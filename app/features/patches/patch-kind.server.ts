import { z } from "zod";
import { localized } from "~/features/content";
import {
  type ContentKind,
  parseYamlFiles,
  syncRows,
  type YamlFiles,
  yamlFileKey,
} from "~/features/content/index.server";
import { slugPattern } from "~/platform/text/slug";
import { supportPatches } from "./tables";

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

const patchFiles: YamlFiles<typeof patchFileSchema, PatchUnit> = {
  pattern: filePattern,
  key: ([, game, version]) => `patch:${game}/${version}`,
  schema: patchFileSchema,
  unit(data, match, { file, reader }) {
    const [, game, version] = match as unknown as [string, string, string];
    if (!reader.files.has(`games/${game}.yaml`)) {
      reader.problem(file, "(file)", `No game "${game}" under content/games`);
      return null;
    }
    if (data.version !== version) {
      reader.problem(file, "version", `Must match the file name (${version})`);
      return null;
    }
    return { ...data, game };
  },
};

export const patchNotesKind: ContentKind<PatchUnit> = {
  name: "patch-notes",
  unitKeyOf: (file) => yamlFileKey(patchFiles, file),
  parse: (reader) => parseYamlFiles(reader, patchFiles),
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
