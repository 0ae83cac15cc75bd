import { lt, sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { analyticsPageviews } from "./tables";

/** The UTC calendar day a view is counted on (YYYY-MM-DD). */
export function pageviewDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Counts one view of a route on today's (UTC) counter: one upsert, so concurrent views from
 * several processes never lose a count. Nothing about the visitor is stored.
 */
export async function recordPageview(db: Db, route: string, now = new Date()): Promise<void> {
  await db
    .insert(analyticsPageviews)
    .values({ route, day: pageviewDay(now), views: 1 })
    .onConflictDoUpdate({
      target: [analyticsPageviews.route, analyticsPageviews.day],
      set: { views: sql`${analyticsPageviews.views} + 1` },
    });
}

/** Deletes the counters older than the retention period; returns how many days' rows went. */
export async function purgeOldPageviews(db: Db, keepDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(analyticsPageviews)
    .where(lt(analyticsPageviews.day, pageviewDay(cutoff)))
    .returning({ route: analyticsPageviews.route });
  return deleted.length;
}
