import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "~/platform/db/client.server";

/**
 * A site that invited testers before sign-ups had stages (migration 0013): those testers were
 * invited to a session (the old e-mail gave its date and time), and their status page says so
 * with that step dated; the others are "received".
 */
const before = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-0013-"));
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

/** The migrations folder as it stood before 0013: its files, and a journal that ends at 0012. */
function migrationsBefore0013(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
  const entries = journal.entries.filter((entry: { idx: number }) => entry.idx < 13);
  fs.mkdirSync(path.join(before, "meta"), { recursive: true });
  fs.writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries as Array<{ tag: string }>)
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
  return before;
}

describe("migration 0013 on a site with playtesters already invited", () => {
  it("puts invited sign-ups at 'invited to a session', dated when they were invited", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: migrationsBefore0013() });
      const invitedAt = "2026-10-02T14:00:00.000Z";
      const signup = (n: string, invited: string | null) => sql`
        insert into playtest_signups (name, email, phone, site, date_of_birth, language,
          survey_token_hash, removal_token_hash, invited_at, expires_at)
        values (${n}, ${`${n}@example.com`}, '+14185550134', 'quebec', '1990-04-30', 'fr',
          ${`survey-${n}`}, ${`removal-${n}`}, ${invited}, now() + interval '1 year')
        returning id`;
      await db.execute(signup("invited", invitedAt));
      await db.execute(signup("waiting", null));

      await migrate(db, { migrationsFolder });

      const rows = await db.execute<{
        name: string;
        stage: string;
        changed: string;
        history: string | null;
      }>(sql`
        select s.name, s.stage, s.stage_changed_at::text as changed,
          (select string_agg(h.stage || '@' || h.at::text, ',') from playtest_signup_stages h
            where h.signup_id = s.id) as history
        from playtest_signups s order by s.name`);
      const at = (await db.execute<{ t: string }>(sql`select ${invitedAt}::timestamptz::text as t`)).rows[0]!
        .t;
      expect(rows.rows).toEqual([
        { name: "invited", stage: "sessionInvited", changed: at, history: `sessionInvited@${at}` },
        { name: "waiting", stage: "received", changed: expect.any(String), history: null },
      ]);
    } finally {
      await client.close();
    }
  });
});
