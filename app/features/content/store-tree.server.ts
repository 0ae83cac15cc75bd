import type { Tx } from "~/platform/db/client.server";
import type { ContentKind, Unit } from "./content-kinds.server";
import { type ContentTree, unitsOf } from "./parse-tree.server";

export type StoreReport = {
  upserted: number;
  removed: number;
  /** Rows closed instead of removed (job offers keep answering at their address). */
  closed: number;
};

/**
 * Writes a parsed content tree inside the caller's transaction: each kind, in the registry's
 * order, upserts its changed units and removes (or closes) the rows of units that are gone;
 * then the removals that had to wait for later kinds run, in reverse order.
 */
export async function storeContentTree(
  tx: Tx,
  tree: ContentTree,
  changed: (unit: Unit<unknown>) => boolean,
  kinds: readonly ContentKind<unknown>[],
): Promise<StoreReport> {
  const report: StoreReport = { upserted: 0, removed: 0, closed: 0 };
  for (const kind of kinds) {
    const counts = await kind.store(tx, unitsOf(tree, kind), changed);
    report.upserted += counts.upserted;
    report.removed += counts.removed;
    report.closed += counts.closed ?? 0;
  }
  for (const kind of [...kinds].reverse()) {
    if (kind.removeGone) report.removed += await kind.removeGone(tx, unitsOf(tree, kind));
  }
  return report;
}
