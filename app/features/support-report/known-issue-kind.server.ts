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
import { slugSchema } from "~/platform/text/slug-schema";
import { issuePlatforms } from "./issue-choices";
import { knownIssueStatuses, knownIssues } from "./tables";

/**
 * Known issues as content: `content/known-issues/<slug>.yaml` (layout in content/README.md), the
 * only texts ever suggested to a player typing a report (docs/requirements.md#known-issues). The
 * platforms are the report form's values, so a report's platform finds them as it is.
 */
const filePattern = new RegExp(String.raw`^known-issues\/(${slugPattern})\.yaml$`);

export const knownIssueFileSchema = z
  .strictObject({
    game: slugSchema("Must be a game's file name", { max: false }),
    platforms: z.union([z.literal("all"), z.array(z.enum(issuePlatforms)).min(1)]),
    status: z.enum(knownIssueStatuses),
    patch: z
      .string()
      .regex(/^\d+\.\d+(\.\d+)?$/, "Must be a version such as 1.4 or 1.4.2")
      .optional(),
    publishedOn: z.iso.date(),
    title: localized,
    text: localized,
  })
  .refine((issue) => issue.status !== "investigating" || issue.patch === undefined, {
    path: ["patch"],
    message: "An issue under investigation names no patch yet",
  });

export type KnownIssueUnit = z.infer<typeof knownIssueFileSchema> & { slug: string };

const knownIssueFiles: YamlFiles<typeof knownIssueFileSchema, KnownIssueUnit> = {
  pattern: filePattern,
  key: ([, slug]) => `known-issue:${slug}`,
  schema: knownIssueFileSchema,
  unit: (data, [, slug]) => ({ ...data, slug: slug! }),
};

export const knownIssuesKind: ContentKind<KnownIssueUnit> = {
  name: "known-issues",
  unitKeyOf: (file) => yamlFileKey(knownIssueFiles, file),
  parse: (reader) => parseYamlFiles(reader, knownIssueFiles),
  check(units, lookup) {
    for (const { sources, data } of units) {
      const file = sources[0] as string;
      if (!lookup.has(`games/${data.game}.yaml`)) {
        lookup.problem(file, "game", `No game "${data.game}" under content/games`);
        continue;
      }
      // A fixed issue links to the notes of the patch that fixed it, so that patch must exist
      // (a broken one is reported by its own file).
      const notes = `patches/${data.game}/${data.patch}.yaml`;
      if (data.status === "fixed" && data.patch && !lookup.has(notes)) {
        lookup.problem(file, "patch", `No patch notes content/${notes}`);
      }
    }
  },
  store: (tx, units, changed) =>
    syncRows(tx, {
      table: knownIssues,
      key: knownIssues.slug,
      units,
      changed,
      row: (data) => ({
        slug: data.slug,
        game: data.game,
        platforms: data.platforms === "all" ? null : data.platforms,
        status: data.status,
        patch: data.patch ?? null,
        publishedOn: data.publishedOn,
        title: data.title,
        text: data.text,
      }),
    }),
};
