import { asc, eq } from "drizzle-orm";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { type Language, pick } from "~/platform/i18n/languages";
import { taxonomyTerms } from "./tables";
import type { TaxonomyKind, TaxonomyTerm } from "./types";

/** One vocabulary (teams, levels or commitments) in its order (memoized per content version). */
export function listTaxonomy(db: Db, kind: TaxonomyKind, lang: Language): Promise<TaxonomyTerm[]> {
  return sharedContentMemo(db)(`taxonomy|${kind}|${lang}`, () => readTaxonomy(db, kind, lang));
}

async function readTaxonomy(db: Db, kind: TaxonomyKind, lang: Language): Promise<TaxonomyTerm[]> {
  const rows = await db
    .select()
    .from(taxonomyTerms)
    .where(eq(taxonomyTerms.kind, kind))
    .orderBy(asc(taxonomyTerms.sort));
  return rows.map((row) => ({ slug: row.slug, label: pick(row.label, lang) ?? "" }));
}

/** Every term's label by "kind:slug" (memoized per content version). */
export function termLabels(db: Db, lang: Language): Promise<ReadonlyMap<string, string>> {
  return sharedContentMemo(db)(`term-labels|${lang}`, async () => {
    const rows = await db.select().from(taxonomyTerms);
    return new Map(rows.map((row) => [`${row.kind}:${row.slug}`, pick(row.label, lang) ?? ""]));
  });
}
