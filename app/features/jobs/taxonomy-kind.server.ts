import { eq } from "drizzle-orm";
import { z } from "zod";
import { localized, slug, uniqueSlugs } from "~/features/content";
import { type ContentKind, syncRows } from "~/features/content/index.server";
import type { Localized } from "~/platform/i18n/languages";
import { taxonomyTerms } from "./tables";
import type { TaxonomyKind } from "./types";

/** content/taxonomy/{teams,levels,commitments}.yaml: a filter's vocabulary, in display order. */
export const taxonomyFileSchema = z
  .array(z.strictObject({ slug, label: localized }))
  .min(1)
  .superRefine((terms, ctx) => uniqueSlugs(terms, ctx));

/** The file of each vocabulary, all three required. */
export const taxonomyFiles: Record<TaxonomyKind, string> = {
  team: "taxonomy/teams.yaml",
  level: "taxonomy/levels.yaml",
  commitment: "taxonomy/commitments.yaml",
};

export type TaxonomyUnit = { kind: TaxonomyKind; terms: Array<{ slug: string; label: Localized }> };

const kindOfFile = new Map(Object.entries(taxonomyFiles).map(([kind, file]) => [file, kind as TaxonomyKind]));

/** The job filters' vocabularies (teams, levels, commitments): one unit and one row set each. */
export const taxonomyKind: ContentKind<TaxonomyUnit> = {
  name: "taxonomy",
  unitKeyOf(file) {
    const kind = kindOfFile.get(file);
    return kind ? `taxonomy:${kind}` : null;
  },
  parse(reader) {
    const units = [];
    for (const [file, kind] of kindOfFile) {
      if (!reader.files.has(file)) reader.fileProblem(file, "file is missing");
      const terms = reader.parseYaml(file, taxonomyFileSchema);
      if (terms) units.push({ key: `taxonomy:${kind}`, sources: [file], data: { kind, terms } });
    }
    return units;
  },
  async store(tx, units, changed) {
    const counts = { upserted: 0, removed: 0 };
    // One vocabulary at a time: a slug is unique only within its vocabulary.
    for (const unit of units.filter(changed)) {
      const { upserted, removed } = await syncRows(tx, {
        table: taxonomyTerms,
        key: taxonomyTerms.slug,
        scope: eq(taxonomyTerms.kind, unit.data.kind),
        target: [taxonomyTerms.kind, taxonomyTerms.slug],
        units: [unit],
        changed: () => true,
        row: ({ kind, terms }) =>
          terms.map((term, sort) => ({ kind, slug: term.slug, label: term.label, sort })),
      });
      counts.upserted += upserted;
      counts.removed += removed;
    }
    return counts;
  },
};
