import { sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { jobOffers } from "./tables";

/**
 * The job offers' part of the content version (platform/cache/content-version.server.ts): the
 * recruiting service's sync writes offers from another process and outside a content load, so
 * cached pages and memoized reads see its changes by the newest change and the count (a removed
 * offer touches no other row's time).
 */
export async function jobOffersVersion(db: Db): Promise<string> {
  const [jobs] = await db
    .select({
      at: sql<string | null>`max(${jobOffers.updatedAt})::text`,
      count: sql<string>`count(*)::text`,
    })
    .from(jobOffers);
  return `${jobs?.at ?? "-"}|${jobs?.count ?? "0"}`;
}
