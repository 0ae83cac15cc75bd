import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "~/platform/db/client.server";
import { recipientHash } from "./outbox.server";

/**
 * An outbox filled before migration 0017 (docs/decisions/0047-outbox-keeps-no-copy.md): the rows
 * delivered or given up lose their recipient, texts, headers and attachments and get their
 * recipient's hash, as delivery does now; the pending ones keep all; each is tied to its item
 * where it can be told. On PGlite, and on PostgreSQL when DATABASE_URL is set (a database of its
 * own, made and dropped here).
 */
const before = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-0017-"));
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

/** The migrations folder as it stood before 0017: its files, and a journal that ends at 0016. */
function migrationsBefore0017(): string {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
  const entries = journal.entries.filter((entry: { idx: number }) => entry.idx < 17);
  fs.mkdirSync(path.join(before, "meta"), { recursive: true });
  fs.writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries as Array<{ tag: string }>)
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
  return before;
}

type Row = Record<string, unknown>;
type Migrated = {
  /** The rows a statement answers. */
  query(statement: SQL): Promise<Row[]>;
  /** Migrates to the end of `folder`. */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
};

/** An empty database: PGlite, or a new database on the PostgreSQL server of DATABASE_URL. */
async function emptyDatabase(): Promise<Migrated> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const client = new PGlite();
    const db = drizzlePglite(client);
    return {
      query: async (statement) => (await db.execute<Row>(statement)).rows,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `outbox_migration_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: target.toString(), max: 1 });
  const db = drizzlePg(pool);
  return {
    query: async (statement) => (await db.execute<Row>(statement)).rows,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}

describe("migration 0017 on an outbox with e-mails already delivered", () => {
  it("strips the delivered and given-up rows, keeps the pending ones, and ties each to its item", async () => {
    const database = await emptyDatabase();
    try {
      await database.migrate(migrationsBefore0017());
      const one = async <T>(statement: SQL) => (await database.query(statement))[0] as T;
      const application = await one<{ id: string }>(sql`
        insert into job_applications (job_title, name, email, phone, language, expires_at)
        values ('Gameplay programmer', 'Ada', 'ada@example.com', '+14185550134', 'en', now() + interval '6 months')
        returning id`);
      const message = await one<{ id: string }>(sql`
        insert into contact_messages (category, name, email, subject, message, language, expires_at)
        values ('general', 'Grace', 'grace@example.com', 'Hello', 'A message long enough.', 'en',
          now() + interval '24 months')
        returning id`);
      const email = (
        name: string,
        fields: { kind: string; to: string; text: string; status: string; error?: string },
      ) => sql`
        insert into outbox_emails (kind, "to", subject, html, text, headers, status, last_error, attachments)
        values (${fields.kind}, ${fields.to}, ${`Subject of ${name}`}, ${`<p>${fields.text}</p>`}, ${fields.text},
          '{"Reply-To": "grace@example.com"}'::jsonb, ${fields.status}, ${fields.error ?? null},
          '[{"filename": "cv.pdf", "file": "uploads/1", "contentType": "application/pdf"}]'::jsonb)
        returning id`;
      const rows = {
        // Delivered to the applicant: no id in its text, the only application from that address.
        confirmation: await one<{ id: string }>(
          email("confirmation", {
            kind: "job-application-received",
            to: "Ada@Example.com",
            text: "Your status page: https://studio.example/status/abc",
            status: "sent",
          }),
        ),
        // Delivered to recruiting: the application's id in its text.
        recruiting: await one<{ id: string }>(
          email("recruiting", {
            kind: "job-application-recruiting",
            to: "jobs@studio.example",
            text: `Application ${application.id} from Ada, +14185550134.`,
            status: "sent",
          }),
        ),
        // Still pending: the team's copy, tied by its Reply-To.
        teamCopy: await one<{ id: string }>(
          email("team copy", {
            kind: "contact-message",
            to: "hello@studio.example",
            text: "Grace wrote: A message long enough.",
            status: "pending",
          }),
        ),
        // Given up, the address in its error.
        failed: await one<{ id: string }>(
          email("failed", {
            kind: "note",
            to: "Nobody@Rejected.example",
            text: "A note nobody reads.",
            status: "failed",
            error: "550 <Nobody@Rejected.example>: unknown mailbox",
          }),
        ),
      };

      await database.migrate(migrationsFolder);

      const after = await database.query(sql`
        select id, "to", subject, html, text, headers, attachments, status, last_error,
          recipient_hash, item_kind, item_id
        from outbox_emails`);
      const byId = new Map(after.map((row) => [row.id, row]));
      const stripped = { to: null, subject: null, html: null, text: null, headers: {}, attachments: [] };
      expect(byId.get(rows.confirmation.id)).toMatchObject({
        ...stripped,
        status: "sent",
        recipient_hash: recipientHash("Ada@Example.com"),
        item_kind: "application",
        item_id: application.id,
      });
      expect(byId.get(rows.recruiting.id)).toMatchObject({
        ...stripped,
        recipient_hash: recipientHash("jobs@studio.example"),
        item_kind: "application",
        item_id: application.id,
      });
      expect(byId.get(rows.teamCopy.id)).toMatchObject({
        to: "hello@studio.example",
        subject: "Subject of team copy",
        text: "Grace wrote: A message long enough.",
        headers: { "Reply-To": "grace@example.com" },
        status: "pending",
        item_kind: "contact",
        item_id: message.id,
      });
      expect(byId.get(rows.failed.id)).toMatchObject({
        ...stripped,
        status: "failed",
        last_error: "550 <<recipient>>: unknown mailbox",
        recipient_hash: recipientHash("nobody@rejected.example"),
        item_kind: null,
        item_id: null,
      });
      // From now on a delivered row cannot hold a text again.
      await expect(
        database.query(sql`update outbox_emails set text = 'again' where id = ${rows.confirmation.id}`),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
