import { isDeepStrictEqual } from "node:util";
import { and, eq } from "drizzle-orm";
import { offices } from "~/features/offices/index.server";
import type { Db } from "~/platform/db/client.server";
import { jobOffers, taxonomyTerms } from "../tables";
import { fetchGreenhouseBoard, type GreenhouseBoard } from "./greenhouse-feed.server";
import {
  type MappedOffer,
  mapGreenhouseJob,
  type OfficeForMapping,
  type TermsForMapping,
} from "./greenhouse-mapping";

export const GREENHOUSE_SOURCE = "greenhouse";

export type SyncReport = {
  created: number;
  updated: number;
  closed: number;
  reopened: number;
  unchanged: number;
  /** Jobs of the feed not published here, with why (unknown office, missing pay…). */
  skipped: Array<{ id: number; title: string; reason: string }>;
};

type WarnLogger = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** The fields the feed decides; a row whose fields all match is left alone (no updatedAt bump). */
function sameOffer(row: typeof jobOffers.$inferSelect, offer: MappedOffer): boolean {
  return (
    row.status === "open" &&
    row.externalId === offer.externalId &&
    row.officeId === offer.officeId &&
    row.team === offer.team &&
    row.level === offer.level &&
    row.commitment === offer.commitment &&
    row.applyUrl === offer.applyUrl &&
    row.publishedAt.getTime() === offer.publishedAt.getTime() &&
    row.closesAt === null &&
    isDeepStrictEqual(row.texts, offer.texts) &&
    isDeepStrictEqual(row.salary ?? null, offer.salary)
  );
}

/**
 * Writes a fetched board into job_offers, in one transaction: new jobs inserted, changed ones
 * updated, ours that left the feed (or can no longer be published) closed — never deleted, so
 * their pages still answer. Running it twice on the same feed changes nothing.
 */
export async function applyGreenhouseBoard(
  db: Db,
  board: GreenhouseBoard,
  logger?: WarnLogger,
): Promise<SyncReport> {
  const report: SyncReport = { created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 0, skipped: [] };
  await db.transaction(async (tx) => {
    const officeRows = await tx.select().from(offices);
    const officeList: OfficeForMapping[] = officeRows.map((o) => ({
      id: o.id,
      slug: o.slug,
      names: Object.values(o.name),
      city: o.address.city,
      inEu: o.inEu,
    }));
    const terms: TermsForMapping = { team: [], level: [], commitment: [] };
    for (const t of await tx.select().from(taxonomyTerms)) {
      terms[t.kind].push({ slug: t.slug, labels: Object.values(t.label) });
    }

    const existing = new Map(
      (await tx.select().from(jobOffers).where(eq(jobOffers.source, GREENHOUSE_SOURCE))).map((r) => [
        r.slug,
        r,
      ]),
    );
    const published = new Set<string>();
    // Oldest first, so a fresh database numbers the offers in publication order.
    const mapped: MappedOffer[] = [];
    for (const job of board.jobs) {
      const result = mapGreenhouseJob(job, officeList, terms);
      if (!result.ok) {
        report.skipped.push({ id: job.id, title: job.title, reason: result.reason });
        logger?.warn({ greenhouseId: job.id, reason: result.reason }, "greenhouse job not published");
        continue;
      }
      if (published.has(result.offer.slug)) continue;
      published.add(result.offer.slug);
      mapped.push(result.offer);
    }
    mapped.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());

    const now = new Date();
    for (const offer of mapped) {
      const row = existing.get(offer.slug);
      if (!row) {
        await tx
          .insert(jobOffers)
          .values({ ...offer, source: GREENHOUSE_SOURCE, status: "open", updatedAt: now });
        report.created++;
      } else if (sameOffer(row, offer)) {
        report.unchanged++;
      } else {
        await tx
          .update(jobOffers)
          .set({ ...offer, status: "open", closesAt: null, updatedAt: now })
          .where(eq(jobOffers.id, row.id));
        if (row.status === "closed") report.reopened++;
        else report.updated++;
      }
    }
    for (const row of existing.values()) {
      if (published.has(row.slug) || row.status === "closed") continue;
      await tx
        .update(jobOffers)
        .set({ status: "closed", updatedAt: now })
        .where(and(eq(jobOffers.id, row.id), eq(jobOffers.source, GREENHOUSE_SOURCE)));
      report.closed++;
    }
  });
  logger?.info(
    {
      created: report.created,
      updated: report.updated,
      closed: report.closed,
      reopened: report.reopened,
      unchanged: report.unchanged,
      skipped: report.skipped.length,
    },
    "greenhouse sync done",
  );
  return report;
}

/** Fetches the board, then applies it; a feed failure (FeedError) leaves the database as it was. */
export async function syncGreenhouse(
  db: Db,
  options: { boardUrl: string; timeoutMs?: number; logger?: WarnLogger },
): Promise<SyncReport> {
  const board = await fetchGreenhouseBoard(options.boardUrl, options.timeoutMs);
  return applyGreenhouseBoard(db, board, options.logger);
}
