// The servers a bench run starts: the site, the React Router hello world, nginx and a bare
// node:http server serving a saved answer. Each runs until the run's cleanup stops it.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort, startBuiltSite, startProcess } from "../../scripts/lib/site-process";
import { startFlags } from "../../scripts/start-flags";

export const root = path.resolve(import.meta.dirname, "../..");

/** `requestLog`: where the site's request log lines go (its standard output), when kept. */
export type Server = { url: string; stop: () => Promise<unknown>; requestLog?: string };

/** How long a server may take to start before the run gives up on it. */
const startTimeoutMs = 300_000;

/** A production build of the site into `dir` (emptied first). */
export function buildSite(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
  execFileSync("npx", ["react-router", "build"], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: dir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * The hello world (bench/hello-rr) built with the project's @react-router/dev into `dir`; with
 * `siteRoutes`, on the site's route table (bench/hello-rr/app/routes.ts).
 */
export function buildHello(dir: string, options: { siteRoutes?: boolean } = {}) {
  fs.rmSync(dir, { recursive: true, force: true });
  execFileSync("npx", ["react-router", "build", "bench/hello-rr", "--emptyOutDir"], {
    cwd: root,
    env: {
      ...process.env,
      HELLO_RR_BUILD_DIR: dir,
      HELLO_RR_ROUTES: options.siteRoutes ? "site" : "",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * The site as `npm start` runs it, on a fresh data folder, with the page cache on for the whole
 * run and the API rate limit lifted (a load generator is one client).
 */
export async function startSite(options: {
  buildDir: string;
  dataDir: string;
  /**
   * Where its standard error goes; its standard output goes to `<log>.requests`: the request log
   * lines, as in production, from which the bench reads the SQL statements per page.
   */
  log: string;
  databaseUrl?: string;
}): Promise<Server> {
  const requestLog = `${options.log}.requests`;
  const site = await startBuiltSite({
    buildDir: options.buildDir,
    dataDir: options.dataDir,
    // The flags of `npm start` (package.json), without npm in between.
    nodeFlags: startFlags(root),
    env: {
      PAGE_CACHE_TTL_SECONDS: "3600",
      RATE_LIMIT_API_POINTS: "1000000000",
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    },
    logFiles: { stderr: options.log, stdout: requestLog },
    timeoutMs: startTimeoutMs,
  });
  return { ...site, requestLog };
}

/** A build of the hello world; `markup`, a saved page whose body it renders instead of its greeting. */
export async function startHello(options: {
  buildDir: string;
  log: string;
  markup?: string;
}): Promise<Server> {
  const port = await freePort();
  return startProcess({
    name: "the hello world",
    command: process.execPath,
    args: ["server.js"],
    cwd: path.join(root, "bench/hello-rr"),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HELLO_RR_BUILD_DIR: options.buildDir,
      ...(options.markup ? { HELLO_RR_MARKUP: options.markup } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
    },
    logFiles: { stderr: options.log },
    url: `http://127.0.0.1:${port}`,
    readyPath: "/",
    timeoutMs: startTimeoutMs,
  });
}

/** A saved answer: its body and the headers that belong to it (not to one connection). */
export type SavedAnswer = { body: Buffer; headers: Record<string, string> };

const perConnection = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/** GET without Accept-Encoding, as wrk asks: the bytes wrk will get. */
export async function saveAnswer(url: string, headers: Record<string, string> = {}): Promise<SavedAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined && !perConnection.has(name))
              kept[name] = Array.isArray(value) ? value.join(", ") : value;
          resolve({ body: Buffer.concat(chunks), headers: kept });
        });
      })
      .on("error", reject);
  });
}

/** A bare node:http server answering every request with the saved answer: Node's own ceiling. */
export async function startNodeStatic(answer: SavedAnswer): Promise<Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { ...answer.headers, "content-length": answer.body.length });
    res.end(answer.body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const nginxString = (value: string) => {
  // nginx expands $variables inside strings and has no escape for "$".
  if (value.includes("$")) throw new Error(`a header value with "$" cannot be given to nginx: ${value}`);
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
};

/**
 * nginx serving the saved answer's body as a file with its headers, one worker (like the one
 * Node process), no access log, in the foreground.
 */
export async function startNginx(nginx: string, answer: SavedAnswer): Promise<Server> {
  // Its own folder, readable by all: nginx started as root serves files as an unprivileged user.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-nginx-"));
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(path.join(dir, "www"), { mode: 0o755 });
  fs.writeFileSync(path.join(dir, "www/page.html"), answer.body, { mode: 0o644 });
  fs.writeFileSync(path.join(dir, "headers.json"), JSON.stringify(answer.headers, null, 2));
  const port = await freePort();
  const { "content-type": contentType = "text/html", ...others } = answer.headers;
  const addHeaders = Object.entries(others)
    .map(([name, value]) => `      add_header ${name} ${nginxString(value)} always;`)
    .join("\n");
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  server_tokens off;
  # Node closes no kept-alive connection after a number of requests: neither does this.
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { }
  default_type ${nginxString(contentType)};
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    location / {
      try_files /page.html =404;
${addHeaders}
    }
  }
}
`,
  );
  const server = await startProcess({
    name: "nginx",
    command: nginx,
    args: ["-c", conf, "-p", dir],
    env: { PATH: process.env.PATH },
    logFiles: { stderr: path.join(dir, "nginx-stderr.log"), more: [path.join(dir, "nginx-error.log")] },
    url: `http://127.0.0.1:${port}`,
    readyPath: "/",
    timeoutMs: startTimeoutMs,
  }).catch((error) => {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
