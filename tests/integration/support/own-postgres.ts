import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../../e2e/support/site-process";

/**
 * Debian's PostgreSQL binaries (the newest version installed), or POSTGRES_BIN_DIR: initdb and
 * pg_ctl, which are not on a user's PATH.
 */
function binDir(): string {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin/pg_ctl")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(`no PostgreSQL binaries under ${root} (set POSTGRES_BIN_DIR)`);
  return path.join(root, versions[0] ?? "", "bin");
}

/**
 * PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user (runuser),
 * who owns the cluster's folder.
 */
function runAsOwner(command: string, args: string[]): string {
  const bin = path.join(binDir(), command);
  const [file, argv] =
    process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  return execFileSync(file, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** Clusters this test process started; stopped at once if it exits before stopping them. */
const running = new Set<string>();
process.once("exit", () => {
  for (const data of running) {
    try {
      runAsOwner("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w"]);
    } catch {
      // Already stopped.
    }
  }
});

export type OwnPostgres = {
  /** The cluster's `studio` database. */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`, as an administrator stops the server: sessions end with 57P01. */
  stop(): Promise<void>;
  /** Starts the cluster again, on the same port and data. */
  start(): Promise<void>;
  /** Stops the cluster (at once) and deletes its folder. */
  destroy(): Promise<void>;
  /** The server's log so far. */
  log(): string;
};

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on a free port, which the test
 * may stop and start. It never touches the machine's server (its port, its data or its
 * processes): pg_ctl is only ever given this cluster's folder.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-own-pg-"));
  const data = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  let port = await freePort();
  while (port === 5432) port = await freePort();
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    fs.chownSync(dir, uid, gid);
  }
  // Trust on loopback only, no fsync: a throwaway cluster made in about a second.
  runAsOwner("initdb", [
    "-D",
    data,
    "-U",
    "postgres",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
  ].join(" ");
  const start = async () => {
    runAsOwner("pg_ctl", ["start", "-D", data, "-l", logFile, "-o", options, "-w", "-t", "60"]);
    running.add(data);
  };
  await start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("create database studio");
  await admin.end();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/studio`,
    port,
    async stop() {
      runAsOwner("pg_ctl", ["stop", "-D", data, "-m", "fast", "-w", "-t", "60"]);
      running.delete(data);
    },
    start,
    async destroy() {
      if (running.has(data)) runAsOwner("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w"]);
      running.delete(data);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : ""),
  };
}
