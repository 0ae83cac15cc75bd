import { asc } from "drizzle-orm";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { type Language, pick } from "~/platform/i18n/languages";
import { banners } from "./tables";

/** A home page banner in one language (GET /api/multibanners and the home page). */
export type Banner = {
  slug: string;
  title: string;
  body: string;
  /** A site path in its English form (pages localize it) or an https URL; null without a link. */
  link: string | null;
  linkLabel: string | null;
  /** ISO instants of the showing window; null when open-ended. */
  startsAt: string | null;
  endsAt: string | null;
};

/**
 * The banners showing at `now` (both ends inclusive), in their content order. Every banner is
 * read once per content version (memoized) and the window is checked here, so a banner starts
 * and ends on time however long the memo keeps the list.
 */
export async function listActiveBanners(db: Db, lang: Language, now: Date = new Date()): Promise<Banner[]> {
  const rows = await sharedContentMemo(db)("banners", () =>
    db.select().from(banners).orderBy(asc(banners.sort), asc(banners.slug)),
  );
  const showing = rows.filter(
    (row) => (!row.startsAt || row.startsAt <= now) && (!row.endsAt || row.endsAt >= now),
  );
  return showing.map((row) => ({
    slug: row.slug,
    title: pick(row.title, lang) ?? "",
    body: pick(row.body, lang) ?? "",
    link: row.link,
    linkLabel: row.linkLabel ? (pick(row.linkLabel, lang) ?? null) : null,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  }));
}
