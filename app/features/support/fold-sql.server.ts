import { type SQL, sql } from "drizzle-orm";
import { foldText } from "./faq-search";

/* Accent and case folding in SQL: translate() and lower() exist on PostgreSQL and PGlite alike
   (no unaccent extension needed). The map is computed from Unicode: every Latin letter whose
   decomposition is an ASCII letter plus marks, and the few that do not decompose (ø, ł, đ).
   Searches fold their query with foldText and their columns with foldSql, so both sides agree. */
const foldMap = (() => {
  let from = "";
  let to = "";
  for (let code = 0xc0; code <= 0x24f; code++) {
    const char = String.fromCodePoint(code);
    const folded = foldText(char);
    if (folded !== char && /^[a-z]$/.test(folded)) {
      from += char;
      to += folded;
    }
  }
  return { from, to };
})();

export const foldSql = (expr: SQL) => sql`lower(translate(${expr}, ${foldMap.from}, ${foldMap.to}))`;
