// Job-alert matching at scale. Not part of CI: see bench/README.md.
//
//   npx vite-node bench/alerts-match.ts -- --alerts 100000 --jobs 100
//
// (vite-node, not tsx: the app code uses Vite features such as import.meta.glob.)
//
// On an embedded database in a temp folder (or PostgreSQL when DATABASE_URL is set: it must be
// an empty database of its own). Loads content/, stores N confirmed alerts with random criteria
// (each criterion "any" one time in five), publishes M new offers, then times one matcher run
// (SQL match, e-mail composition, writes) and counts its queries, against a baseline of one
// full-text search over the offers (the careers search), measured in the same run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { matchJobAlerts } from "~/features/alerts/match.server";
import { loadContent } from "~/features/content/index.server";
import { searchJobOffers } from "~/features/jobs/index.server";
import { parseConfig } from "~/platform/config.server";
import { openDatabase } from "~/platform/db/client.server";
import { createLogger } from "~/platform/logging.server";
import { contentKinds } from "../server/content-kinds";

const { values } = parseArgs({
  options: { alerts: { type: "string", default: "100000" }, jobs: { type: "string", default: "100" } },
});
const alertCount = Number(values.alerts);
const jobCount = Number(values.jobs);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "alerts-bench-"));
const config = parseConfig({ NODE_ENV: "test", PUBLIC_URL: "https://studio.example", DATA_DIR: dataDir });
const logger = createLogger("warn");
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
const { db } = database;

async function time<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await run();
  return [result, performance.now() - start];
}

try {
  await database.migrate();
  await loadContent(db, path.resolve("content"), contentKinds, logger);
  await db.execute(sql`update job_offers set listed_at = now() - interval '2 hours'`);

  // Alerts confirmed an hour ago, criteria drawn from the content's own vocabularies.
  const [setup] = await time(() =>
    db.execute(sql`
      with pick as (
        select g,
          (select slug from offices order by random() + g * 0 limit 1) as location,
          (select slug from taxonomy_terms where kind = 'team' order by random() + g * 0 limit 1) as team,
          (select slug from taxonomy_terms where kind = 'level' order by random() + g * 0 limit 1) as level,
          (select slug from taxonomy_terms where kind = 'commitment' order by random() + g * 0 limit 1) as commitment
        from generate_series(1, ${alertCount}) g
      )
      insert into job_alerts (email, name, location, team, level, commitment, language, confirmed_at, listening_since)
      select 'bench' || g || '@example.com', 'Alert ' || g,
        case when random() < 0.2 then null else location end,
        case when random() < 0.2 then null else team end,
        case when random() < 0.2 then null else level end,
        case when random() < 0.2 then null else commitment end,
        (array['en','fr','es'])[1 + g % 3],
        now() - interval '1 hour', now() - interval '1 hour'
      from pick`),
  );
  void setup;
  await db.execute(sql`
    insert into job_offers (slug, source, office_id, team, level, commitment, texts, published_at)
    select 'bench-' || g, 'bench',
      (select id from offices order by random() + g * 0 limit 1),
      (select slug from taxonomy_terms where kind = 'team' order by random() + g * 0 limit 1),
      (select slug from taxonomy_terms where kind = 'level' order by random() + g * 0 limit 1),
      (select slug from taxonomy_terms where kind = 'commitment' order by random() + g * 0 limit 1),
      jsonb_build_object('en', jsonb_build_object('title', 'Bench designer ' || g, 'description', 'A role',
        'responsibilities', '[]'::jsonb, 'requirements', '[]'::jsonb)),
      now() - interval '1 day'
    from generate_series(1, ${jobCount}) g`);
  await db.execute(sql`analyze`);

  // Baseline: the careers full-text search, warmed up, median of 15.
  for (let i = 0; i < 3; i++) await searchJobOffers(db, { query: "designer", lang: "en" });
  const searches: number[] = [];
  for (let i = 0; i < 15; i++)
    searches.push((await time(() => searchJobOffers(db, { query: "designer", lang: "en" })))[1]);
  searches.sort((a, b) => a - b);
  const searchMs = searches[7]!;

  const [report, totalMs] = await time(() => matchJobAlerts({ db, config }));
  const [again, againMs] = await time(() => matchJobAlerts({ db, config }));

  const perJob = (ms: number) => ms / jobCount;
  const row = (label: string, value: string) => console.log(`${label.padEnd(44)} ${value}`);
  row("database", database.kind);
  row("alerts / new jobs", `${alertCount} / ${jobCount}`);
  row("deliveries / e-mails", `${report.deliveries} / ${report.emails}`);
  row("queries in the run (any number of alerts)", String(report.queries));
  row("baseline: one full-text search (median)", `${searchMs.toFixed(2)} ms`);
  row("match SQL (INSERT … SELECT)", `${report.timings.matchMs.toFixed(0)} ms`);
  row(
    "  per job",
    `${perJob(report.timings.matchMs).toFixed(2)} ms = ${(perJob(report.timings.matchMs) / searchMs).toFixed(2)} × search`,
  );
  row("compose e-mails (React render)", `${report.timings.composeMs.toFixed(0)} ms`);
  row("write tokens + outbox", `${report.timings.writeMs.toFixed(0)} ms`);
  row("whole run", `${totalMs.toFixed(0)} ms`);
  row("  per job", `${perJob(totalMs).toFixed(2)} ms = ${(perJob(totalMs) / searchMs).toFixed(2)} × search`);
  row(
    "second run (nothing new)",
    `${againMs.toFixed(0)} ms, ${again.emails} e-mails, ${again.queries} queries`,
  );
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
