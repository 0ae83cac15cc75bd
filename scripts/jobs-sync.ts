// Imports job offers from the Greenhouse job board named by GREENHOUSE_BOARD_URL.
//
//   npm run jobs:sync            (add -- --json for the report as JSON)
//
// Idempotent: new jobs are added, changed ones updated, jobs gone from the board closed (never
// deleted); a feed that cannot be read whole changes nothing. Runs through Vite like
// playtest-select.ts. Uses DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite; stop the site first,
// PGlite allows one process at a time). Content must have been loaded (offices, taxonomy).
import { parseArgs } from "node:util";
import { FeedError, syncGreenhouse } from "~/features/jobs/index.server";
import { parseConfig } from "~/platform/config.server";
import { openDatabase } from "~/platform/db/client.server";
import { createLogger } from "~/platform/logging.server";

const { values } = parseArgs({ options: { json: { type: "boolean" } } });
const cfg = parseConfig(process.env);
const logger = createLogger(cfg.LOG_LEVEL);
if (!cfg.GREENHOUSE_BOARD_URL) {
  console.error("GREENHOUSE_BOARD_URL is not set: there is no recruiting feed to sync.");
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: cfg.DATABASE_URL, dataDir: cfg.dataDir });
try {
  await database.migrate();
  const report = await syncGreenhouse(database.db, { boardUrl: cfg.GREENHOUSE_BOARD_URL, logger });
  if (values.json) console.log(JSON.stringify(report, null, 2));
  else {
    console.log(
      `created ${report.created}, updated ${report.updated}, reopened ${report.reopened}, ` +
        `closed ${report.closed}, unchanged ${report.unchanged}, skipped ${report.skipped.length}`,
    );
    for (const s of report.skipped) console.log(`  skipped ${s.id} "${s.title}": ${s.reason}`);
  }
} catch (err) {
  console.error(err instanceof FeedError ? `Feed not synced, nothing changed: ${err.message}` : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
