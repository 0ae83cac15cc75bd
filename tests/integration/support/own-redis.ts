import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { freePort } from "../../e2e/support/site-process";

/** Servers this test process started; killed if it exits before stopping them. */
const started = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of started) child.kill("SIGKILL");
});

export type OwnRedis = {
  url: string;
  port: number;
  /** Kills the server (SIGKILL: gone at once, as a crash or a lost machine). */
  kill(): Promise<void>;
  /** Starts a new, empty server on the same port. */
  start(): Promise<void>;
};

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/**
 * A Redis of the test's own on a free port, in memory only (no snapshot, no append-only file):
 * a test may kill it without touching the machine's Redis (6379) that other suites share.
 */
export async function startOwnRedis(): Promise<OwnRedis> {
  let port = await freePort();
  while (port === 6379) port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    let output = "";
    const server = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    server.stdout?.on("data", (d) => {
      output += d;
    });
    server.stderr?.on("data", (d) => {
      output += d;
    });
    started.add(server);
    exited = new Promise((resolve) =>
      server.once("exit", () => {
        started.delete(server);
        resolve();
      }),
    );
    child = server;
    for (let tries = 0; !(await listening(port)); tries++) {
      if (server.exitCode !== null || tries > 100) throw new Error(`redis-server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async kill() {
      child?.kill("SIGKILL");
      await exited;
    },
    start,
  };
}
