import { eq } from "drizzle-orm";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { siteSettings } from "./tables";

export class ContentMissingError extends Error {}

/**
 * One row of site_settings as storeSetting wrote it (memoized with the other content reads, so
 * frozen); an error when content was never loaded.
 */
export function readSetting<T>(db: Db, key: string): Promise<T> {
  return sharedContentMemo(db)(`setting|${key}`, async () => {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key));
    if (!row) throw new ContentMissingError(`site setting "${key}" is missing: was content loaded?`);
    return row.value as T;
  });
}
