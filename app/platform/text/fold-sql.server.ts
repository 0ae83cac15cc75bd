import { type SQL, sql } from "drizzle-orm";
import { fold } from "./fold";

/*
 * `fold` in SQL, with functions PostgreSQL and PGlite both have (no unaccent extension):
 * translate() for the letters that fold to one letter, and to one spelling of those that fold to
 * two or more (Æ, Ǣ, Ǽ → æ), then one replace() per such spelling (æ → ae), then lower(). The maps
 * are computed from `fold` over the Latin blocks (Latin-1 to Latin Extended-B, Latin Extended
 * Additional, the ligatures ﬀ–ﬆ), so both sides agree on every Latin letter, whatever the
 * database's locale.
 */
const latinBlocks: ReadonlyArray<[number, number]> = [
  [0xc0, 0x24f],
  [0x1e00, 0x1eff],
  [0xfb00, 0xfb06],
];

const foldMaps = (() => {
  let from = "";
  let to = "";
  /** Folded spelling → the one letter translate() leaves for replace() to open. */
  const spelled = new Map<string, string>();
  for (const [first, last] of latinBlocks) {
    for (let code = first; code <= last; code++) {
      const letter = String.fromCodePoint(code);
      const folded = fold(letter);
      if (folded === letter) continue;
      if (folded.length === 1) {
        from += letter;
        to += folded;
        continue;
      }
      const kept = spelled.get(folded);
      if (kept === undefined) {
        spelled.set(folded, letter);
      } else {
        from += letter;
        to += kept;
      }
    }
  }
  return { from, to, replacements: [...spelled].map(([folded, letter]) => [letter, folded] as const) };
})();

/** The SQL expression folding `expr` as `fold` does: compare it with `fold(query)`. */
export function foldSql(expr: SQL): SQL {
  let folded = sql`translate(${expr}, ${foldMaps.from}, ${foldMaps.to})`;
  for (const [letter, spelling] of foldMaps.replacements) {
    folded = sql`replace(${folded}, ${letter}, ${spelling})`;
  }
  return sql`lower(${folded})`;
}
