import { eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { siteSettings } from "~/platform/db/schema/content";

export class ContentMissingError extends Error {}

/** One row of site_settings as storeSetting wrote it; an error when content was never loaded. */
export async function readSetting<T>(db: Db, key: string): Promise<T> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key));
  if (!row) throw new ContentMissingError(`site setting "${key}" is missing: was content loaded?`);
  return row.value as T;
}
