// The bench: how fast the server is against references measured in the same run, and
// how much JavaScript and how fast the pages are in a browser. Not part of CI: the figures
// depend on the machine and on what else runs on it (bench/README.md).
//
//   npm run bench -- [--only careers,js,lighthouse,processes] [--pg] [--rounds 3] [--duration 5]
//                    [--connections 16] [--threads 1] [--lighthouse-runs 3] [--build <dir>]
//
// A fresh production build (.builds/bench; --build reuses one) started as `npm start` does, on
// a fresh data folder, with the page cache on; the React Router hello world (bench/hello-rr)
// built next to it; nginx and a bare node:http server started by the careers part.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { signIn } from "../scripts/lib/site-account";
import { cacheHitFigures, personalPage, uncachedFigures } from "./careers-bench";
import { jsFigures } from "./lib/js-figures";
import { lighthouseFigures } from "./lib/lighthouse";
import { type Figure, formatFigure, formatTable } from "./lib/report";
import { buildHello, buildSite, root, type Server, startHello, startSite } from "./lib/servers";
import { removeWrkScripts, requireTool } from "./lib/wrk";
import { processesFigures } from "./processes-bench";

const { values } = parseArgs({
  options: {
    only: { type: "string", default: "careers,js,lighthouse" },
    pg: { type: "boolean", default: false },
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    threads: { type: "string", default: "1" },
    "lighthouse-runs": { type: "string", default: "3" },
    build: { type: "string" },
  },
});
// "processes" (1 and 2 processes behind nginx on PostgreSQL and Redis) only when asked: it needs
// the machine's PostgreSQL and Redis, and takes a few minutes of its own.
const allParts = ["careers", "js", "lighthouse", "processes"] as const;
const parts = new Set(values.only.split(",").map((p) => p.trim()));
const unknown = [...parts].filter((p) => !(allParts as readonly string[]).includes(p));
if (unknown.length) throw new Error(`unknown part ${unknown.join(", ")}: --only takes ${allParts.join(",")}`);
if (values.pg && !parts.has("careers")) console.warn("--pg changes the careers part only");
const count = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number ≥ 1`);
  return n;
};
const load = {
  rounds: count("rounds"),
  durationS: count("duration"),
  warmupS: count("warmup"),
  connections: count("connections"),
  threads: count("threads"),
};
// The PostgreSQL server the bench makes a database on (and drops it after).
const pgServer = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** A new empty database on the PostgreSQL server, and how to drop it. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgServer });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(pgServer);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-"));
const stops: Server["stop"][] = [];
const figures: Figure[] = [];
const record = (list: Figure[]) => {
  for (const f of list) console.log(formatFigure(f));
  figures.push(...list);
};
const section = (title: string) => console.log(`\n== ${title}`);

try {
  const nginx =
    parts.has("careers") || parts.has("processes") ? requireTool("nginx", "apt-get install nginx") : "";
  if (parts.has("careers") || parts.has("processes")) requireTool("wrk", "apt-get install wrk");

  // Builds stay inside the project: their server bundles resolve packages from node_modules.
  const siteBuild = values.build ? path.resolve(values.build) : path.join(root, ".builds/bench");
  if (!values.build) {
    console.log(`building the site into ${path.relative(root, siteBuild)} …`);
    buildSite(siteBuild);
  }
  const helloBuild = path.join(root, ".builds/bench-hello-rr");
  console.log(`building the hello world into ${path.relative(root, helloBuild)} …`);
  buildHello(helloBuild);
  const floorBuild = path.join(root, ".builds/bench-hello-rr-site-routes");
  if (parts.has("careers")) {
    console.log(`building it on the site's route table into ${path.relative(root, floorBuild)} …`);
    buildHello(floorBuild, { siteRoutes: true });
  }

  const siteDataDir = path.join(work, "data-pglite");
  const site = await startSite({
    buildDir: siteBuild,
    dataDir: siteDataDir,
    log: path.join(work, "site-pglite.log"),
  });
  stops.push(site.stop);
  const hello = await startHello({ buildDir: helloBuild, log: path.join(work, "hello.log") });
  stops.push(hello.stop);
  console.log(`site ${site.url} (PGlite), hello world ${hello.url}`);

  if (parts.has("careers")) {
    section(
      `(1) cache hits, wrk ${load.threads} thread(s) × ${load.connections} connections, ${load.durationS} s, ${load.rounds} rounds`,
    );
    // A real account, made and signed in through the site's API as a visitor would.
    const signedIn = await signIn(site.url, path.join(siteDataDir, "mail"));
    record(await cacheHitFigures({ ...load, site, nginx, signedIn }));
    // The framework alone on the site's route table, then rendering the careers page's markup:
    // what (2) could reach with no app code at all.
    const markup = path.join(work, "careers.html");
    fs.writeFileSync(markup, await personalPage(`${site.url}/careers`));
    const floors = {
      routes: await startHello({ buildDir: floorBuild, log: path.join(work, "floor-routes.log") }),
      markup: await startHello({ buildDir: floorBuild, log: path.join(work, "floor-markup.log"), markup }),
    };
    stops.push(floors.routes.stop, floors.markup.stop);
    section("(2) and (3) rendered pages, PGlite");
    record(await uncachedFigures({ ...load, site, hello, floors, database: "pglite" }));
    if (values.pg) {
      section("(2) and (3) rendered pages, PostgreSQL");
      const database = await freshDatabase();
      try {
        const pgSite = await startSite({
          buildDir: siteBuild,
          dataDir: path.join(work, "data-postgres"),
          log: path.join(work, "site-postgres.log"),
          databaseUrl: database.url,
        });
        try {
          record(await uncachedFigures({ ...load, site: pgSite, hello, floors, database: "postgres" }));
        } finally {
          await pgSite.stop();
        }
      } finally {
        await database.drop();
      }
    }
  }
  if (parts.has("js")) {
    section("(4) JavaScript per page");
    record(await jsFigures({ site, siteDataDir, hello }));
  }
  if (parts.has("processes")) {
    section(
      `(P) 1 and 2 processes behind nginx, PostgreSQL and Redis, wrk 1 thread × ${load.connections} connections`,
    );
    record(await processesFigures({ ...load, buildDir: siteBuild }));
  }
  if (parts.has("lighthouse")) {
    section(`(5) Lighthouse, mobile, median of ${count("lighthouse-runs")} runs`);
    record(await lighthouseFigures({ site, hello, runs: count("lighthouse-runs"), work }));
  }
} finally {
  for (const stop of stops.reverse()) await stop();
  removeWrkScripts();
  fs.rmSync(work, { recursive: true, force: true });
}

console.log(`\n${formatTable(figures)}`);
