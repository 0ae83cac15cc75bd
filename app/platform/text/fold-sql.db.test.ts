import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/platform/db/client.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { fold } from "./fold";
import { foldSql } from "./fold-sql.server";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function foldInSql(texts: string[]): Promise<string[]> {
  const result = await database.db.execute<{ folded: string }>(
    sql`select ${foldSql(sql`t.text`)} as folded from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) with ordinality as t(text, n) order by t.n`,
  );
  return (result as unknown as { rows: Array<{ folded: string }> }).rows.map((row) => row.folded);
}

const range = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i));

/** Every Latin letter the fold maps, ASCII, and characters both sides leave alone in any locale. */
const alphabet = [
  ...range(0x20, 0x7e),
  ...range(0xc0, 0x24f),
  ...range(0x1e00, 0x1eff),
  ...range(0xfb00, 0xfb06),
  ..."0123456789·ʼ—’«»¿¡中文ωπ😀",
];

describe("foldSql", () => {
  it("folds as fold does, on generated Latin text", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 40 }), {
          minLength: 1,
          maxLength: 50,
        }),
        async (texts) => {
          expect(await foldInSql(texts)).toEqual(texts.map(fold));
        },
      ),
      { numRuns: 40 },
    );
  });

  it("folds every Latin letter as fold does", async () => {
    const letters = alphabet.filter((c) => fold(c) !== c);
    expect(letters.length).toBeGreaterThan(500);
    expect(await foldInSql(letters)).toEqual(letters.map(fold));
  });

  it("opens Łódź, Æ and ß", async () => {
    expect(await foldInSql(["Łódź", "Æther", "Straße", "ẞ"])).toEqual(["lodz", "aether", "strasse", "ss"]);
  });
});
