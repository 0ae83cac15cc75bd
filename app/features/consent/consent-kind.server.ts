import { z } from "zod";
import { type ContentKind, readSetting, storeSetting } from "~/features/content/index.server";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { FIRST_REVISION } from "./consent-cookies";

/** content/consent.yaml: the consent policy's revision (docs/decisions/0020-consent-records-and-gpc.md). */
export const consentFileSchema = z.strictObject({
  revision: z.int().min(FIRST_REVISION).max(1_000_000),
});
export type ConsentFile = z.infer<typeof consentFileSchema>;

const file = "consent.yaml";

/** The consent policy: one required file, stored whole as the "consent" setting. */
export const consentKind: ContentKind<ConsentFile> = {
  name: "consent",
  unitKeyOf: (path) => (path === file ? "consent" : null),
  parse(reader) {
    if (!reader.files.has(file)) reader.fileProblem(file, "file is missing");
    const data = reader.parseYaml(file, consentFileSchema);
    return data ? [{ key: "consent", sources: [file], data }] : [];
  },
  async store(tx, units, changed) {
    const pending = units.filter(changed);
    for (const { data } of pending) await storeSetting(tx, "consent", data);
    return { upserted: pending.length, removed: 0 };
  },
};

/** The current revision of the consent policy (memoized per content version). */
export function consentRevision(db: Db): Promise<number> {
  return sharedContentMemo(db)("consent-revision", async () => {
    const { revision } = await readSetting<ConsentFile>(db, "consent");
    return revision;
  });
}
