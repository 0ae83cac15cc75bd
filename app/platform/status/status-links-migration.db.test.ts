import crypto from "node:crypto";
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
const folders = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-"));
afterAll(() => fs.rmSync(folders, { recursive: true, force: true }));

/** The migrations folder as it stood when `last` was the newest: its files, and its journal. */
function migrationsUpTo(last: number): string {
  const folder = path.join(folders, String(last));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
  const entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= last);
  fs.mkdirSync(path.join(folder, "meta"), { recursive: true });
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries as Array<{ tag: string }>)
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

describe("migration 0016 on a site with status links", () => {
  it("counts every existing link as opened at the migration, whenever it was made, and replaced by none", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: migrationsUpTo(15) });
      await db.execute(sql`
        insert into status_links (token_hash, kind, created_at)
        values ('old', 'application', '2026-01-02T10:00:00Z'), ('recent', 'contact', now())`);
      const started = new Date();

      await migrate(db, { migrationsFolder: migrationsUpTo(16) });

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

/**
 * A site with status links from when each kind had a column of its own, with a foreign key
 * (migrations 0021 and 0022): every link keeps opening its item, named by kind and id, an issue
 * report's by the kind its feature gives it everywhere else ("issueReport").
 */
describe("migrations 0021-0022 on a site with status links", () => {
  it("moves every link's item into kind and id, and keeps no foreign key into a feature's table", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: migrationsUpTo(20) });
      const ids = {
        application: crypto.randomUUID(),
        contact: crypto.randomUUID(),
        issue: crypto.randomUUID(),
      };
      const playtest = crypto.randomUUID();
      // The items themselves do not matter here: their rows are left out, and foreign keys are
      // not checked until the migrations are done (PGlite is one connection: the setting holds).
      await db.execute(sql`set session_replication_role = replica`);
      await db.execute(sql`
        insert into status_links (token_hash, kind, application_id, contact_message_id, issue_report_id, playtest_signup_id)
        values ('a', 'application', ${ids.application}, null, null, null),
               ('c', 'contact', null, ${ids.contact}, null, null),
               ('i', 'issue', null, null, ${ids.issue}, null),
               ('p', 'playtest', null, null, null, ${playtest})`);

      await migrate(db, { migrationsFolder });
      await db.execute(sql`set session_replication_role = origin`);

      const rows = await db.execute<{ token_hash: string; kind: string; item_id: string }>(
        sql`select token_hash, kind, item_id from status_links order by token_hash`,
      );
      expect(rows.rows).toEqual([
        { token_hash: "a", kind: "application", item_id: ids.application },
        { token_hash: "c", kind: "contact", item_id: ids.contact },
        { token_hash: "i", kind: "issueReport", item_id: ids.issue },
        { token_hash: "p", kind: "playtest", item_id: playtest },
      ]);
      const keys = await db.execute<{ name: string }>(
        sql`select conname as name from pg_constraint where conrelid = 'status_links'::regclass and contype = 'f'`,
      );
      expect(keys.rows).toEqual([]);
    } finally {
      await client.close();
    }
  });
});
