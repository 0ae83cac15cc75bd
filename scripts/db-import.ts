// Loads a dump written by `npm run db:export` into the database the configuration names:
// DATABASE_URL (PostgreSQL), else the embedded database in DATA_DIR (the site stopped). Creates
// the tables (migrations) first; everything else happens in one transaction, so a failed import
// leaves the target as it was.
//
//   npm run db:import -- --in dump.jsonl [--force]
//
// The target must hold no rows (a database the site has never started on): --force empties it
// first, and lets upload files in the dump replace files of the same name in the file store
// (DATA_DIR/uploads, or the bucket of FILE_STORE_URL).
import fs from "node:fs";
import readline from "node:readline";
import { parseArgs } from "node:util";
import { parseConfig } from "~/platform/config.server";
import { openDatabase } from "~/platform/db/client.server";
import { importDump, MoveError } from "~/platform/db/move.server";
import { openFileStore } from "~/platform/files/open-file-store.server";

const { values } = parseArgs({ options: { in: { type: "string" }, force: { type: "boolean" } } });
if (!values.in) {
  console.error("usage: npm run db:import -- --in dump.jsonl [--force]");
  process.exit(2);
}
const cfg = parseConfig(process.env);
try {
  // A reader does not pass its file's errors on: a missing dump is caught here.
  fs.accessSync(values.in, fs.constants.R_OK);
  const database = await openDatabase({ databaseUrl: cfg.DATABASE_URL, dataDir: cfg.dataDir });
  try {
    await database.migrate();
    // Read from here on: lines a reader emits before anyone iterates it are lost.
    const lines = readline.createInterface({
      input: fs.createReadStream(values.in),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    const files = openFileStore(cfg);
    const summary = await importDump(database.db, lines, { force: values.force, files }).finally(() =>
      files.close(),
    );
    const rows = Object.values(summary.rows).reduce((sum, n) => sum + n, 0);
    console.error(
      `imported ${rows} rows of ${Object.keys(summary.rows).length} tables into ${database.kind}` +
        (summary.files ? `, and ${summary.files} upload files into ${files.description}` : ""),
    );
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof MoveError || (err as NodeJS.ErrnoException).code ? `${err}` : err);
  process.exitCode = 1;
}
