import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { testContent } from "../../support/test-content";

export type SiteProcess = {
  url: string;
  /** SIGTERM, then waits for the exit; resolves to the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL (a crash, a machine lost: no shutdown at all), then waits for the exit. */
  kill(): Promise<void>;
  logs(): string;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Sites this process started; killed if it exits before they are stopped (a start given up on). */
const started = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of started) child.kill("SIGKILL");
});

type SpawnOptions = {
  buildDir: string;
  dataDir: string;
  env?: Record<string, string>;
  /** A port of the caller's (a restart behind a proxy that knows it); a free one by default. */
  port?: number;
};

/**
 * Runs the built site as production does (node server.js) on a free port, and resolves once
 * /readyz answers, however long that takes: the hook or test that waits sets the limit.
 */
export async function spawnSite(options: SpawnOptions): Promise<SiteProcess> {
  // A port found free may be another socket's by the time the site listens (the run's other
  // sites and their connections take ports all along): the site then exits at once, and is
  // started again on another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(options, options.port ?? (await freePort()));
    } catch (err) {
      const taken = err instanceof PortTakenError;
      if (!taken || options.port !== undefined || attempt === 3) throw err;
    }
  }
}

class PortTakenError extends Error {}

async function spawnOnce(options: SpawnOptions, port: number): Promise<SiteProcess> {
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      BUILD_DIR: options.buildDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: "warn",
      // The tests' own content (tests/fixtures/content); a test may give a copy it edits.
      CONTENT_DIR: testContent,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.add(child);
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      started.delete(child);
      resolve(code);
    }),
  );

  for (;;) {
    if (child.exitCode !== null) {
      const Failure = output.includes("EADDRINUSE") ? PortTakenError : Error;
      throw new Failure(`site exited during start:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    logs: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}
