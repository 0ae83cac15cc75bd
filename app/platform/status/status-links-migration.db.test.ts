import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "~/platform/db/client.server";
import { expectEach } from "../../../tests/support/expect-each";

/**
 * A site with status links from before they expired (migration 0016): each counts as opened when
 * the migration ran, so it ends 90 days after the release, not at once because it is old
 * (docs/decisions/0044-status-links-expire.md).
 */
const before = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-0016-"));
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

/** The migrations folder as it stood before 0016: its files, and a journal that ends at 0015. */
function migrationsBefore0016(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
  const entries = journal.entries.filter((entry: { idx: number }) => entry.idx < 16);
  fs.mkdirSync(path.join(before, "meta"), { recursive: true });
  fs.writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries as Array<{ tag: string }>)
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
  return before;
}

describe("migration 0016 on a site with status links", () => {
  it("counts every existing link as opened at the migration, whenever it was made, and replaced by none", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: migrationsBefore0016() });
      await db.execute(sql`
        insert into status_links (token_hash, kind, created_at)
        values ('old', 'application', '2026-01-02T10:00:00Z'), ('recent', 'contact', now())`);
      const started = new Date();

      await migrate(db, { migrationsFolder });

      const finished = new Date();
      const rows = await db.execute<{ token: string; last_opened_at: string; revoked_at: string | null }>(
        sql`select token_hash as token, last_opened_at, revoked_at from status_links order by token_hash`,
      );
      expect(rows.rows.map((row) => row.token)).toEqual(["old", "recent"]);
      expectEach(
        rows.rows,
        (row) =>
          new Date(row.last_opened_at).getTime() >= started.getTime() &&
          new Date(row.last_opened_at).getTime() <= finished.getTime() &&
          row.revoked_at === null,
        "the links, opened at the migration and replaced by none",
      );
    } finally {
      await client.close();
    }
  });
});
