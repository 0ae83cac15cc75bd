import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../e2e/support/site-process";

/** Debian's nginx (in /usr/sbin, which a user's PATH may lack), or NGINX_PATH. */
const nginxBin = process.env.NGINX_PATH ?? (fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx");

/** The nginx configuration the repository ships (deploy/README.md). */
export const studioConfPath = path.resolve("deploy/nginx/studio.conf");

/** nginx's access log line for each request: which instances it tried and what they answered. */
const LOG_FORMAT = `'$msec $request_method $status "$upstream_addr" "$upstream_status" $uri'`;

export type AccessLine = {
  /** Seconds since the epoch, with milliseconds. */
  at: number;
  method: string;
  status: number;
  /** Every upstream address nginx tried, in order ("-" for none: served by nginx itself). */
  upstreams: string[];
  uri: string;
};

/** Replaces exactly one match of `pattern`, so a change in the shipped file fails loudly. */
function replaceOnce(text: string, pattern: RegExp, replacement: string): string {
  const matches = text.match(new RegExp(pattern.source, `${pattern.flags.replace("g", "")}g`)) ?? [];
  if (matches.length !== 1)
    throw new Error(`${studioConfPath}: expected one ${pattern}, found ${matches.length}`);
  return text.replace(pattern, replacement);
}

/** A certificate and key for the HTTPS server, and the loopback port of the plain one. */
export type TestTls = { certFile: string; keyFile: string; httpPort: number };

/**
 * deploy/nginx/studio.conf as the test runs it: its upstream lines (their parameters kept)
 * pointed at the given ports, its HTTPS server's listen lines at one loopback port, its assets
 * root (the folder holding `assets/`: the release root's in production) at `clientDir`, a
 * build's client folder or a release root. With `tls`, the HTTPS server keeps its TLS settings with the
 * test's certificate, and the plain server (the redirect) listens on `tls.httpPort`; without,
 * the tests that are about something else speak plain HTTP to the same server: the redirect
 * server and the `ssl` settings are left out. Everything else is the file as shipped.
 */
export function studioConfFor(options: {
  upstreamPorts: number[];
  port: number;
  clientDir: string;
  tls?: TestTls;
}): string {
  let text = fs.readFileSync(studioConfPath, "utf8");
  const servers = [...text.matchAll(/^([ \t]*)server 127\.0\.0\.1:300\d((?: [^;\n]*)?);\n/gm)];
  if (servers.length < 2)
    throw new Error(`${studioConfPath}: expected an upstream of 127.0.0.1:300i servers`);
  const [first] = servers;
  const indent = first?.[1] ?? "    ";
  const params = first?.[2] ?? "";
  const lines = options.upstreamPorts.map((port) => `${indent}server 127.0.0.1:${port}${params};\n`).join("");
  for (const server of servers.slice(1)) text = text.replace(server[0], "");
  text = text.replace(first?.[0] ?? "", lines);
  text = replaceOnce(text, /root \/srv\/studio;/, `root ${options.clientDir};`);
  text = replaceOnce(text, /^[ \t]*listen \[::\]:80;\n/m, "");
  text = replaceOnce(text, /^[ \t]*listen \[::\]:443 ssl http2;\n/m, "");
  const { tls } = options;
  if (tls) {
    text = replaceOnce(text, /^([ \t]*)listen 80;$/m, `$1listen 127.0.0.1:${tls.httpPort};`);
    text = replaceOnce(
      text,
      /^([ \t]*)listen 443 ssl http2;$/m,
      `$1listen 127.0.0.1:${options.port} ssl http2;`,
    );
    text = replaceOnce(
      text,
      /ssl_certificate \/etc\/letsencrypt\/[^;]+;/,
      `ssl_certificate ${tls.certFile};`,
    );
    text = replaceOnce(
      text,
      /ssl_certificate_key \/etc\/letsencrypt\/[^;]+;/,
      `ssl_certificate_key ${tls.keyFile};`,
    );
    return text;
  }
  // The redirect server is the first `server` block; the HTTPS one serves plain HTTP here.
  text = replaceOnce(text, /^server \{\n[ \t]*listen 80;\n[\s\S]*?\n\}\n\n/m, "");
  text = replaceOnce(text, /^([ \t]*)listen 443 ssl http2;$/m, `$1listen 127.0.0.1:${options.port};`);
  return text.replace(/^[ \t]*ssl_[a-z_]+ [^;]+;\n/gm, "");
}

/** nginx processes this test process started; killed if it exits before stopping them. */
const started = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of started) child.kill("SIGKILL");
});

export type Nginx = {
  url: string;
  /** With `tls`: the plain HTTP server (the redirect). */
  httpUrl?: string;
  /** The access log so far, one entry per request. */
  access(): AccessLine[];
  /** The access log as the shipped configuration writes it (log_format studio_private). */
  shippedAccessLog(): string;
  /** nginx's error log so far (warnings and errors: failed upstream connections). */
  errors(): string;
  stop(): Promise<void>;
};

/**
 * Debian's nginx in front of the given app ports, with the shipped site configuration, in a
 * folder of its own (pid, logs, temporary files), in the foreground: it runs as any user, and
 * beside an nginx the machine may run.
 */
export async function startNginx(options: {
  upstreamPorts: number[];
  clientDir: string;
  /** Directives added to the `http` block, given nginx's own folder (a `proxy_cache_path`). */
  http?: (dir: string) => string;
  /** Changes to the site configuration after studioConfFor (a CDN's `proxy_cache`). */
  site?: (conf: string) => string;
  /** Run the HTTPS server as shipped, with this certificate (`url` is then https://). */
  tls?: Omit<TestTls, "httpPort">;
}): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-nginx-"));
  const port = await freePort();
  const tls = options.tls && { ...options.tls, httpPort: await freePort() };
  // The shipped access log (its format kept, studio_private) goes to nginx's folder, beside the
  // tests' own log of upstreams.
  const site = replaceOnce(
    studioConfFor({ ...options, port, tls }),
    /access_log \/var\/log\/nginx\/studio\.access\.log studio_private;/,
    `access_log ${dir}/studio.access.log studio_private;\n    access_log ${dir}/access.log upstreams;`,
  );
  fs.writeFileSync(path.join(dir, "studio.conf"), options.site ? options.site(site) : site);
  // As root, nginx's workers would switch to `nobody`, who cannot enter this private folder.
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  for (const temp of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) fs.mkdirSync(path.join(dir, temp));
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `${user}worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format upstreams ${LOG_FORMAT};
    access_log ${dir}/access.log upstreams;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    ${options.http?.(dir) ?? ""}
    include ${dir}/studio.conf;
}
`,
  );
  const args = ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"];
  // A configuration error is reported by `nginx -t` with its line.
  execFileSync(nginxBin, [...args, "-t", "-q"], { stdio: ["ignore", "ignore", "pipe"] });
  let output = "";
  const child: ChildProcess = spawn(nginxBin, args, { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  started.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      started.delete(child);
      resolve();
    }),
  );
  const read = (file: string) => {
    const full = path.join(dir, file);
    return fs.existsSync(full) ? fs.readFileSync(full, "utf8") : "";
  };
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${output}${read("error.log")}`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (listening) break;
    if (tries > 100) throw new Error(`nginx did not listen on ${port}:\n${output}${read("error.log")}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
    httpUrl: tls ? `http://127.0.0.1:${tls.httpPort}` : undefined,
    access: () =>
      read("access.log")
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [, at, method, status, upstreams, uri] =
            /^(\S+) (\S+) (\d+) "([^"]*)" "[^"]*" (\S+)$/.exec(line) ?? [];
          return {
            at: Number(at),
            method: method ?? "",
            status: Number(status),
            upstreams: (upstreams ?? "").split(/, | : /),
            uri: uri ?? "",
          };
        }),
    shippedAccessLog: () => read("studio.access.log"),
    errors: () => read("error.log"),
    async stop() {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
