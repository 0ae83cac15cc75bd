import { z } from "zod";
import { httpsUrl, localized, publicPath, text } from "~/features/content";
import { type ContentKind, storeSetting } from "~/features/content/index.server";
import { socialNetworks } from "./types";

export const socialNetworkSchema = z.enum(socialNetworks);

/** content/studio.yaml: the studio's name, logo, links and addresses. */
export const studioFileSchema = z.strictObject({
  name: text,
  shortName: text,
  logo: publicPath,
  tagline: localized,
  website: httpsUrl,
  forumsUrl: httpsUrl,
  businessUrl: httpsUrl,
  companySize: z.int().min(1),
  foundedYear: z.int().min(1950).max(2100),
  email: z.strictObject({
    general: z.email(),
    press: z.email(),
    recruiting: z.email(),
    support: z.email(),
    privacy: z.email(),
  }),
  socialLinks: z.array(z.strictObject({ network: socialNetworkSchema, url: httpsUrl, label: text })).min(1),
});
export type StudioFile = z.infer<typeof studioFileSchema>;

const file = "studio.yaml";

/** The studio's settings: one required file, stored whole as the "studio" setting. */
export const studioKind: ContentKind<StudioFile> = {
  name: "studio",
  unitKeyOf: (path) => (path === file ? "studio" : null),
  parse(reader) {
    if (!reader.files.has(file)) reader.fileProblem(file, "file is missing");
    const data = reader.parseYaml(file, studioFileSchema);
    return data ? [{ key: "studio", sources: [file], data }] : [];
  },
  assets: (units) => units.map(({ data }) => ({ file, field: "logo", asset: data.logo })),
  async store(tx, units, changed) {
    const pending = units.filter(changed);
    for (const { data } of pending) await storeSetting(tx, "studio", data);
    return { upserted: pending.length, removed: 0 };
  },
};
