// Writes the whole site's data as a JSON-lines dump (app/platform/db/move.server.ts), from the
// database the configuration names: DATABASE_URL (PostgreSQL), else the embedded database in
// DATA_DIR (stop the site first: PGlite allows one process at a time).
//
//   npm run db:export -- --out dump.jsonl [--files]
//
// --files puts the upload files (issue attachments, résumés: DATA_DIR/uploads, or the bucket of
// FILE_STORE_URL) in the dump; without it, copy that folder to the new DATA_DIR yourself (a
// bucket shared by both sites needs nothing). Runs through Vite like jobs-sync.ts.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { parseConfig } from "~/platform/config.server";
import { openDatabase } from "~/platform/db/client.server";
import { exportDump, MoveError } from "~/platform/db/move.server";
import { openFileStore } from "~/platform/files/open-file-store.server";

const { values } = parseArgs({ options: { out: { type: "string" }, files: { type: "boolean" } } });
if (!values.out) {
  console.error("usage: npm run db:export -- --out dump.jsonl [--files]");
  process.exit(2);
}
const cfg = parseConfig(process.env);
// Never over an existing file; one this run created is removed if the export fails. Created
// readable by its owner only (0600), never chmod-ed after: it holds password hashes,
// second-factor secrets and résumés, and no moment passes when another account could read it.
const out = fs.createWriteStream(values.out, { flags: "wx", mode: 0o600 });
let created = false;
out.once("open", () => {
  created = true;
});
const write = (line: string) =>
  new Promise<void>((resolve, reject) => out.write(`${line}\n`, (err) => (err ? reject(err) : resolve())));
try {
  await new Promise((resolve, reject) => out.once("open", resolve).once("error", reject));
  const database = await openDatabase({ databaseUrl: cfg.DATABASE_URL, dataDir: cfg.dataDir });
  try {
    const files = values.files ? openFileStore(cfg) : undefined;
    const summary = await exportDump(database.db, write, { files }).finally(() => files?.close());
    const rows = Object.values(summary.rows).reduce((sum, n) => sum + n, 0);
    console.error(
      `exported ${rows} rows of ${Object.keys(summary.rows).length} tables from ${database.kind}` +
        (values.files ? `, and ${summary.files} upload files` : "") +
        ` to ${values.out}`,
    );
    if (!values.files)
      console.error(
        `upload files not included: copy ${path.join(cfg.dataDir, "uploads")} along (or use --files)`,
      );
  } finally {
    await database.close();
  }
  await new Promise((resolve) => out.end(resolve));
} catch (err) {
  console.error(err instanceof MoveError || (err as NodeJS.ErrnoException).code ? `${err}` : err);
  out.destroy();
  // An unfinished dump is never left to be imported by mistake.
  if (created) fs.rmSync(values.out, { force: true });
  process.exitCode = 1;
}
