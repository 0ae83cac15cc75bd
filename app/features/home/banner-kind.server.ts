import { z } from "zod";
import { link, localized } from "~/features/content";
import {
  type ContentKind,
  parseYamlFiles,
  syncRows,
  type YamlFiles,
  yamlFileKey,
} from "~/features/content/index.server";
import { slugPattern } from "~/platform/text/slug";
import { banners } from "./tables";

/** content/banners/{slug}.yaml: a home page banner, shown between its dates (inclusive, UTC). */
export const bannerFileSchema = z
  .strictObject({
    sort: z.int(),
    title: localized,
    body: localized,
    link: link.optional(),
    linkLabel: localized.optional(),
    startsOn: z.iso.date().optional(),
    endsOn: z.iso.date().optional(),
  })
  .refine((b) => !b.startsOn || !b.endsOn || b.endsOn >= b.startsOn, {
    path: ["endsOn"],
    message: "Must not be before startsOn",
  })
  .refine((b) => (b.link === undefined) === (b.linkLabel === undefined), {
    path: ["linkLabel"],
    message: "A link and its label go together",
  });
export type BannerUnit = z.infer<typeof bannerFileSchema> & { slug: string };

const filePattern = new RegExp(String.raw`^banners\/(${slugPattern})\.yaml$`);

const bannerFiles: YamlFiles<typeof bannerFileSchema, BannerUnit> = {
  pattern: filePattern,
  key: ([, slug]) => `banner:${slug}`,
  schema: bannerFileSchema,
  unit: (data, [, slug]) => ({ ...data, slug: slug! }),
};

/** The home page's banners, one file each. */
export const bannersKind: ContentKind<BannerUnit> = {
  name: "banners",
  unitKeyOf: (file) => yamlFileKey(bannerFiles, file),
  parse: (reader) => parseYamlFiles(reader, bannerFiles),
  store: (tx, units, changed) =>
    syncRows(tx, {
      table: banners,
      key: banners.slug,
      units,
      changed,
      row: (data) => ({
        slug: data.slug,
        title: data.title,
        body: data.body,
        link: data.link ?? null,
        linkLabel: data.linkLabel ?? null,
        // Dates are whole days in UTC: from the start of startsOn to the end of endsOn.
        startsAt: data.startsOn ? new Date(`${data.startsOn}T00:00:00.000Z`) : null,
        endsAt: data.endsOn ? new Date(`${data.endsOn}T23:59:59.999Z`) : null,
        sort: data.sort,
      }),
    }),
};
