import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openPgliteFromDump, openPostgres } from "~/platform/db/client.server";

/**
 * A fresh, migrated database for one test file: a copy of the run's prepared database, on
 * PGlite by default and on PostgreSQL when DATABASE_URL is set. Close it in afterAll.
 */
export async function createTestDatabase(): Promise<Database> {
  const template = inject("pgTemplate");
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const name = `${template}_c_${crypto.randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = openPostgres(dbUrl.toString(), { max: 4 });
    const close = database.close;
    return {
      ...database,
      async close() {
        await close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name}`);
        await cleanup.end();
      },
    };
  }
  const dump = inject("pgliteDump");
  if (!dump) throw new Error("db tests need the db project's global setup");
  return openPgliteFromDump(new Blob([fs.readFileSync(dump)]));
}
