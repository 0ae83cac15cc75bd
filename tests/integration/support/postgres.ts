import crypto from "node:crypto";
import pg from "pg";

/** The machine's PostgreSQL server (trust authentication), whose `test` database is the admin's. */
export const postgresAdminUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * An empty database of the test's own on the machine's PostgreSQL server (never its `test`
 * database, which other suites use), dropped by `drop` even while processes still hold it.
 */
export async function createPostgresDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${label}_${crypto.randomBytes(4).toString("hex")}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: postgresAdminUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
