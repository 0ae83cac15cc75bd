import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { Express } from "express";
import pg from "pg";
import { RateLimiterMemory } from "rate-limiter-flexible";
import type { ServerBuild } from "react-router";
import { inject } from "vitest";
import type { Services } from "~/platform/services.server";
import { testContent } from "../../support/test-content";

/** What the production bundle (server/app.ts built) exports. */
type ServerBundle = {
  boot(): Promise<Services>;
  createApp(): Express;
  shutdown(): Promise<void>;
  pageRoutes: ServerBuild["routes"];
};

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type RawRequest = {
  method: string;
  /** Path and query exactly as sent (already encoded). */
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
};

export type FuzzSite = {
  url: string;
  app: Express;
  svc: Services;
  pageRoutes: ServerBuild["routes"];
  dataDir: string;
  send(request: RawRequest): Promise<Answer>;
  /** Rows per table (every table the catalog lists) and the files under DATA_DIR/uploads. */
  snapshot(): Promise<Snapshot>;
  query<T>(text: string): Promise<T[]>;
  stop(): Promise<void>;
};

/** `writes` changes whenever a transaction wrote (it took a transaction id). */
export type Snapshot = { rows: Record<string, number>; uploads: string[]; writes: string | undefined };

/** On PostgreSQL (DATABASE_URL set) a database of its own, dropped at the end. */
async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `studio_fuzz_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * Boots the production bundle in this process (its own data folder and database, budgets
 * raised so a 429 never hides a handler) and serves it on a local port with keep-alive.
 */
export async function startFuzzSite(): Promise<FuzzSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-fuzz-"));
  // The port is taken before the site boots and kept: a port found free, closed and listened on
  // again seconds later can meanwhile be another socket's (the other fuzz file's connections),
  // and the listen then failed with nothing to catch it, which left the file waiting for ever.
  // Idle sockets stay open longer than any pause between two requests of a loaded machine: a
  // socket the server closes while the client reuses it would read as a reset.
  const server = http.createServer({ keepAliveTimeout: 120_000 });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const postgres = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined;
  const buildDir = inject("fuzzBuildDir");
  Object.assign(process.env, {
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: process.env.FUZZ_LOG_LEVEL ?? "silent",
    CONTENT_DIR: testContent,
    RATE_LIMIT_FORM_POINTS: String(1e9),
    RATE_LIMIT_API_POINTS: String(1e9),
    // E-mails stay in the outbox table, where the suite reads the links it needs.
    MAIL_WORKER_INTERVAL_MS: "600000",
  });
  if (postgres) process.env.DATABASE_URL = postgres.url;
  // As production runs (the page cache on, at its default), without the outside services.
  for (const name of [
    "REDIS_URL",
    "SMTP_URL",
    "RECAPTCHA_SECRET",
    "RECAPTCHA_SITE_KEY",
    "PAGE_CACHE_TTL_SECONDS",
  ])
    delete process.env[name];

  const bundle = (await import(
    /* @vite-ignore */ pathToFileURL(path.join(buildDir, "server/index.js")).href
  )) as ServerBundle;
  const svc = await bundle.boot();
  // Features' own budgets (failed sign-ins per account, codes per address…) raised like the tiers.
  const budgets = new Map<string, RateLimiterMemory>();
  svc.rateLimits.budget = (name, _points, duration) => {
    let limiter = budgets.get(name);
    if (!limiter) {
      limiter = new RateLimiterMemory({ keyPrefix: `fuzz:${name}`, points: 1e9, duration });
      budgets.set(name, limiter);
    }
    return limiter;
  };
  const app = bundle.createApp();
  server.on("request", app);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

  const send = (request: RawRequest) =>
    new Promise<Answer>((resolve, reject) => {
      const body = request.body ?? "";
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          agent,
          method: request.method,
          path: request.target,
          headers: { ...request.headers, "content-length": String(Buffer.byteLength(body)) },
          // A hung handler is a defect too: fail rather than wait for the test's timeout.
          timeout: 30_000,
          insecureHTTPParser: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          res.on("error", reject);
        },
      );
      req.on("timeout", () =>
        req.destroy(new Error(`no answer in 30 s: ${request.method} ${request.target}`)),
      );
      req.on("error", reject);
      req.end(body);
    });

  const query = async <T>(text: string): Promise<T[]> => {
    const result = (await svc.db.execute(sql.raw(text))) as unknown as { rows: T[] };
    return result.rows;
  };

  const tables = (
    await query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
       order by 1`,
    )
  ).map((row) => row.name);
  const countQuery = tables
    .map((name) => `select '${name}' as name, count(*)::int as n from ${name}`)
    .join(" union all ");
  const uploadsDir = path.join(dataDir, "uploads");
  let lastCounts: { xmax: string | undefined; rows: Record<string, number> } | undefined;

  return {
    url,
    app,
    svc,
    pageRoutes: bundle.pageRoutes,
    dataDir,
    send,
    query,
    async snapshot() {
      // Counting every table after every request would cost more than the request: a write
      // takes a transaction id, so while the next one to be given is the same, no row changed.
      const [mark] = await query<{ xmax: string }>(
        "select pg_snapshot_xmax(pg_current_snapshot())::text as xmax",
      );
      if (!lastCounts || mark?.xmax !== lastCounts.xmax) {
        const rows = await query<{ name: string; n: number }>(countQuery);
        lastCounts = {
          xmax: mark?.xmax,
          rows: Object.fromEntries(rows.map((row) => [row.name, Number(row.n)])),
        };
      }
      return { rows: lastCounts.rows, uploads: listFiles(uploadsDir), writes: lastCounts.xmax };
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
      await bundle.shutdown();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
