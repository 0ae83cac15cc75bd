import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";

/**
 * Prepares one migrated database for the whole run, which each test file then copies:
 * on PGlite a data-folder dump, on PostgreSQL (DATABASE_URL set) a template database.
 */
export default async function setup(project: TestProject) {
  const migrationsFolder = path.resolve("app/platform/db/migrations");
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `studio_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const pool = new pg.Pool({ connectionString: templateUrl.toString(), max: 1 });
    const { drizzle: drizzlePg } = await import("drizzle-orm/node-postgres");
    const { migrate: migratePg } = await import("drizzle-orm/node-postgres/migrator");
    await migratePg(drizzlePg(pool), { migrationsFolder });
    await pool.end();
    project.provide("pgTemplate", template);
    return async () => {
      // Copies made from the template are dropped by each test file; the template goes last.
      const leftovers = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like '${template}_c_%'`,
      );
      for (const row of leftovers.rows) await admin.query(`drop database if exists ${row.datname}`);
      await admin.query(`drop database if exists ${template}`);
      await admin.end();
    };
  }
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir("none");
  await client.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "studio-db-")), "migrated.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDump", file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump?: string;
    pgTemplate?: string;
  }
}
