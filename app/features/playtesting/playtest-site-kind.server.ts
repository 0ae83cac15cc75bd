import { z } from "zod";
import { localized, slug, uniqueSlugs } from "~/features/content";
import {
  type ContentKind,
  parseYamlFiles,
  syncRows,
  type YamlFiles,
  yamlFileKey,
} from "~/features/content/index.server";
import { checkGameSlugs } from "~/features/games/index.server";
import { slugPattern } from "~/platform/text/slug";
import { playtestSessionKinds, playtestSessionStatuses, playtestSites } from "./tables";

/** content/playtests/{site}.yaml: a playtest site, the office that runs it, and its sessions. */
export const playtestSiteFileSchema = z
  .strictObject({
    sort: z.int(),
    /** Slug of an office under content/offices/ (Selangor is served by kuala-lumpur). */
    office: slug,
    name: localized,
    sessions: z
      .array(
        z
          .strictObject({
            slug,
            kind: z.enum(playtestSessionKinds),
            /** The game played, when the session names one; its page lists the session. */
            game: slug.optional(),
            title: localized,
            summary: localized,
            startsOn: z.iso.date(),
            endsOn: z.iso.date(),
            status: z.enum(playtestSessionStatuses).default("open"),
            /** Testers the session takes; an invitation past them puts the sign-up on its waitlist. */
            seats: z.int().min(1).max(500).default(10),
          })
          .refine((s) => s.endsOn >= s.startsOn, {
            path: ["endsOn"],
            message: "Must not be before startsOn",
          }),
      )
      .default([]),
  })
  .superRefine((site, ctx) => uniqueSlugs(site.sessions, ctx, ["sessions"]));
export type PlaytestSiteUnit = z.infer<typeof playtestSiteFileSchema> & { slug: string };

const filePattern = new RegExp(String.raw`^playtests\/(${slugPattern})\.yaml$`);

const playtestSiteFiles: YamlFiles<typeof playtestSiteFileSchema, PlaytestSiteUnit> = {
  pattern: filePattern,
  key: ([, slug]) => `playtest-site:${slug}`,
  schema: playtestSiteFileSchema,
  unit: (data, [, slug]) => ({ ...data, slug: slug! }),
};

/** Playtest sites with their sessions; each site is run by an office that exists. */
export const playtestSitesKind: ContentKind<PlaytestSiteUnit> = {
  name: "playtest-sites",
  unitKeyOf: (file) => yamlFileKey(playtestSiteFiles, file),
  parse: (reader) => parseYamlFiles(reader, playtestSiteFiles),
  check(units, lookup) {
    const offices = new Set(lookup.units<{ slug: string }>("offices").map((o) => o.data.slug));
    for (const { data, sources } of units) {
      data.sessions.forEach((session, i) => {
        if (session.game) checkGameSlugs(lookup, sources[0]!, `sessions[${i}].game`, [session.game]);
      });
      if (!offices.has(data.office) && !lookup.has(`offices/${data.office}.yaml`)) {
        lookup.problem(
          sources[0]!,
          "office",
          `Unknown office "${data.office}" (no offices/${data.office}.yaml)`,
        );
      }
    }
  },
  store: (tx, units, changed) =>
    syncRows(tx, {
      table: playtestSites,
      key: playtestSites.slug,
      units,
      changed,
      row: (data) => ({
        slug: data.slug,
        office: data.office,
        name: data.name,
        sessions: data.sessions,
        sort: data.sort,
      }),
    }),
};
