// Careers page throughput against a static server serving the same bytes, and the job-offers
// API's latency, with 1,000 offers loaded (issue 3). Not part of CI: see bench/README.md.
//
//   npx tsx bench/careers-bench.ts [--duration 10] [--connections 20] [--offers 1000] [--rounds 3]
//
// Builds the site into .builds/bench when there is no build there yet (BENCH_BUILD_DIR to
// reuse another), copies content/ to a temp folder and adds generated offers, starts the
// production server (page cache on, API rate limit lifted), saves the careers page's bytes
// and serves them with nginx when installed (else a bare Node http server).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "20" },
    offers: { type: "string", default: "1000" },
    rounds: { type: "string", default: "3" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const offerCount = Number(values.offers);
const rounds = Number(values.rounds);
const root = path.resolve(import.meta.dirname, "..");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-"));
const children: ChildProcess[] = [];
const nodeServers: http.Server[] = [];

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** content/ plus generated offers spread over every office, team, level and commitment. */
function prepareContent(): string {
  const dir = path.join(work, "content");
  fs.cpSync(path.join(root, "content"), dir, { recursive: true });
  const offices = ["barcelona", "dublin", "gent", "guildford", "kuala-lumpur", "quebec", "warsaw"];
  const eu = new Set(["barcelona", "dublin", "gent", "warsaw"]);
  const teams = [
    "art",
    "audio",
    "design",
    "programming",
    "gameplay-programming",
    "quality-assurance",
    "production",
  ];
  const levels = ["junior", "intermediate", "senior", "management"];
  const commitments = ["full-time", "part-time", "contract", "internship"];
  const existing = fs.readdirSync(path.join(dir, "jobs")).length;
  for (let i = 0; i < offerCount - existing; i++) {
    const office = offices[i % offices.length]!;
    const folder = path.join(dir, "jobs", `bench-${office}-${i}`);
    fs.mkdirSync(folder);
    const day = String((i % 28) + 1).padStart(2, "0");
    const month = String((Math.floor(i / 28) % 10) + 1).padStart(2, "0");
    fs.writeFileSync(
      path.join(folder, "offer.yaml"),
      [
        `office: ${office}`,
        `team: ${teams[i % teams.length]}`,
        `level: ${levels[i % levels.length]}`,
        `commitment: ${commitments[i % commitments.length]}`,
        eu.has(office) ? "salary: { min: 40000, max: 60000, currency: EUR, period: YEAR }" : "",
        `publishedAt: "2026-${month}-${day}"`,
      ].join("\n"),
    );
    for (const lang of office === "quebec" ? ["fr", "en"] : ["en"]) {
      const title = lang === "fr" ? `Poste de banc d'essai ${i}` : `Benchmark Role ${i}`;
      fs.writeFileSync(
        path.join(folder, `${lang}.md`),
        `---\ntitle: "${title}"\nresponsibilities:\n  - "Build things number ${i}."\nrequirements:\n  - "Experience ${i}."\n---\n\nA generated offer for the benchmark, number ${i}.\n`,
      );
    }
  }
  return dir;
}

function buildDir(): string {
  const dir = path.resolve(root, process.env.BENCH_BUILD_DIR ?? ".builds/bench");
  if (!fs.existsSync(path.join(dir, "server/index.js"))) {
    console.log(`building into ${dir} …`);
    execFileSync("npx", ["react-router", "build"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: dir, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  return dir;
}

async function waitFor(url: string, child: ChildProcess, logs: () => string) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited during start:\n${logs()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready:\n${logs()}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function startApp(build: string, content: string, pageCache: boolean): Promise<string> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      BUILD_DIR: build,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: path.join(work, pageCache ? "data-cached" : "data-uncached"),
      CONTENT_DIR: content,
      LOG_LEVEL: "silent",
      PAGE_CACHE_TTL_SECONDS: pageCache ? "300" : "0",
      RATE_LIMIT_API_POINTS: "100000000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  children.push(child);
  await waitFor(`${url}/readyz`, child, () => output);
  return url;
}

/** nginx with a throwaway configuration, or a bare Node server, serving one file. */
async function startStatic(file: string): Promise<{ url: string; kind: string }> {
  const port = await freePort();
  const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
  if (nginx) {
    // nginx's workers run as an unprivileged user: they must be able to read the file.
    fs.chmodSync(work, 0o755);
    fs.chmodSync(path.dirname(file), 0o755);
    fs.chmodSync(file, 0o644);
    const conf = path.join(work, "nginx.conf");
    fs.writeFileSync(
      conf,
      `worker_processes 1;\ndaemon off;\npid ${work}/nginx.pid;\nerror_log ${work}/nginx-error.log;\n` +
        `events { worker_connections 1024; }\nhttp {\n  access_log off;\n  client_body_temp_path ${work}/nginx-body;\n` +
        `  proxy_temp_path ${work}/nginx-proxy;\n  fastcgi_temp_path ${work}/nginx-fcgi;\n  uwsgi_temp_path ${work}/nginx-uwsgi;\n` +
        `  scgi_temp_path ${work}/nginx-scgi;\n  server {\n    listen 127.0.0.1:${port};\n` +
        `    location / { default_type text/html; root ${path.dirname(file)}; try_files /${path.basename(file)} =404; }\n  }\n}\n`,
    );
    let output = "";
    const child = spawn(nginx, ["-c", conf, "-p", work], { stdio: ["ignore", "pipe", "pipe"] });
    child.stderr?.on("data", (d) => {
      output += d;
    });
    children.push(child);
    await waitFor(`http://127.0.0.1:${port}/careers`, child, () => output);
    return { url: `http://127.0.0.1:${port}`, kind: "nginx (1 worker)" };
  }
  return startNodeStatic(file);
}

/** A bare Node http server answering every request with the file (Node's own ceiling). */
async function startNodeStatic(file: string): Promise<{ url: string; kind: string }> {
  const port = await freePort();
  const body = fs.readFileSync(file);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  nodeServers.push(server);
  return { url: `http://127.0.0.1:${port}`, kind: "node:http" };
}

async function run(url: string, headers: Record<string, string> = {}) {
  // Warm up (first render, cache fill, JIT), then measure.
  await autocannon({ url, connections, duration: 2, headers });
  return autocannon({ url, connections, duration, headers });
}

const summary: string[] = [];
try {
  const content = prepareContent();
  const build = buildDir();
  const [cachedApp, uncachedApp] = [
    await startApp(build, content, true),
    await startApp(build, content, false),
  ];
  const page = `${cachedApp}/careers`;
  const html = await (await fetch(page)).text();
  const file = path.join(work, "static", "careers");
  fs.mkdirSync(path.dirname(file));
  fs.writeFileSync(file, html);
  const staticServer = await startStatic(file);
  const nodeStatic = staticServer.kind === "node:http" ? undefined : await startNodeStatic(file);
  const listed = (html.match(/\/careers\/\d+"/g) ?? []).length;
  console.log(`careers page: ${html.length} bytes, ${listed} offer links; ${offerCount} offers loaded`);

  // Static and cached runs alternate, and each figure is the median of its rounds, so a burst
  // of other work on the machine does not land on one side only.
  const stats: autocannon.Result[] = [];
  const cachedRuns: autocannon.Result[] = [];
  const nodeRuns: autocannon.Result[] = [];
  for (let round = 0; round < rounds; round++) {
    stats.push(await run(`${staticServer.url}/careers`));
    cachedRuns.push(await run(page));
    if (nodeStatic) nodeRuns.push(await run(`${nodeStatic.url}/careers`));
  }
  const uncached = await run(`${uncachedApp}/careers`);
  // A signed-in visitor's cookie bypasses the page cache; the content memo still serves the
  // studio, office and term reads (decision 0009).
  const personal = await run(page, { cookie: "studio_session=bench" });
  const median = (runs: autocannon.Result[]) =>
    runs.map((r) => r.requests.average).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  const stat = median(stats);
  const cached = median(cachedRuns);
  const row = (label: string, rps: number) =>
    `  ${label.padEnd(26)} ${rps.toFixed(0).padStart(7)}  ${(rps / stat).toFixed(3)}`;
  summary.push(
    `careers list, ${connections} connections, ${duration} s per run, median of ${rounds} rounds (requests/s, ratio to static):`,
    row(`static ${staticServer.kind}`, stat),
    row("app, page cache on", cached),
    row("app, page cache off (1 run)", uncached.requests.average),
    row("app, personal cookie (1 run)", personal.requests.average),
    ...(nodeRuns.length
      ? [
          row("bare node:http, same bytes", median(nodeRuns)),
          `  app with page cache / bare node:http: ${(cached / median(nodeRuns)).toFixed(3)}`,
        ]
      : []),
    `  rounds: static ${stats.map((r) => r.requests.average.toFixed(0)).join(" / ")}; cached ${cachedRuns.map((r) => r.requests.average.toFixed(0)).join(" / ")}`,
  );
  if ([...stats, ...cachedRuns, ...nodeRuns, uncached, personal].some((r) => r.non2xx))
    summary.push("  (some answers were not 2xx!)");

  // The API as configured by default (answers kept per content version, in the page cache and
  // the memo) and with both off (every request queries the database).
  const apiPath = "/api/offices/job-offers?location=quebec&team=all";
  for (const [label, app] of [
    ["default (page cache and memo on)", cachedApp],
    ["page cache and memo off", uncachedApp],
  ] as const) {
    const apiUrl = `${app}${apiPath}`;
    const probe = await fetch(apiUrl);
    if (!probe.ok) {
      summary.push(`job-offers API: ${probe.status} at ${apiPath} (not benched)`);
      continue;
    }
    const api = await run(apiUrl);
    const single = await autocannon({ url: apiUrl, connections: 1, duration });
    summary.push(
      `job-offers API ${apiPath}, ${label}:`,
      `  ${connections} connections: ${api.requests.average.toFixed(0)} requests/s; latency median ${api.latency.p50} ms, p99 ${api.latency.p99} ms`,
      `  1 connection: latency median ${single.latency.p50} ms, p99 ${single.latency.p99} ms`,
    );
  }
} finally {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  for (const server of nodeServers) server.close();
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(summary.join("\n"));
