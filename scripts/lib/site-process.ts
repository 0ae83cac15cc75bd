// Local servers that scripts, the bench and the tests start: a free port, a process run until an
// address of it answers, and the built site run as production runs it (node server.js).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** A local port nothing listens on yet: another socket may take it before the caller does. */
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

export type StartedProcess = {
  url: string;
  /** SIGTERM, then waits for the exit; resolves to the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL (a crash, a machine lost: no shutdown at all), then waits for the exit. */
  kill(): Promise<void>;
  /** What it has written so far: its standard error and output, or its log files. */
  logs(): string;
};

/**
 * Log files a process writes itself, instead of its output being kept for logs(): a site under
 * load writes more request log lines than are worth keeping, and writing them through this
 * process would slow it. Standard output goes to `stdout`, or nowhere without it; `more` are
 * logs the process writes on its own (nginx's error log), which logs() reads too.
 */
export type LogFiles = { stderr: string; stdout?: string; more?: string[] };

export type ProcessOptions = {
  /** What the messages call it ("the site", "nginx"). */
  name: string;
  command: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** It has started once `url` + `readyPath` answers 2xx; 503 is still starting. */
  url: string;
  readyPath: string;
  logFiles?: LogFiles;
  /** How long the start may take; as long as it takes without one (the caller's test sets the limit). */
  timeoutMs?: number;
};

/** The process exited before it answered; `output` is what it wrote. */
export class ExitedDuringStart extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
  }
}

/** Processes started here; killed if this one exits before they are stopped (a start given up on). */
const started = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of started) child.kill("SIGKILL");
});

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Runs a command and resolves once its ready address answers. */
export async function startProcess(options: ProcessOptions): Promise<StartedProcess> {
  const files = options.logFiles;
  let output = "";
  const logs = () =>
    files
      ? [files.stderr, ...(files.more ?? []), ...(files.stdout ? [files.stdout] : [])]
          .filter((f) => fs.existsSync(f))
          .map((f) => fs.readFileSync(f, "utf8"))
          .join("\n")
      : output;
  const stdio: ("ignore" | "pipe" | number)[] = files
    ? ["ignore", files.stdout ? fs.openSync(files.stdout, "a") : "ignore", fs.openSync(files.stderr, "a")]
    : ["ignore", "pipe", "pipe"];
  const child = spawn(options.command, options.args, { cwd: options.cwd ?? root, env: options.env, stdio });
  for (const fd of stdio) if (typeof fd === "number") fs.closeSync(fd);
  started.add(child);
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  // "close": the exit, and all its output read.
  const exited = new Promise<number | null>((resolve) =>
    child.once("close", (code) => {
      started.delete(child);
      resolve(code);
    }),
  );
  const stop = async () => {
    if (running(child)) child.kill("SIGTERM");
    return exited;
  };
  const failed = async (why: string) => {
    await stop();
    return new Error(`${options.name} ${why}:\n${logs()}`);
  };

  const deadline = Date.now() + (options.timeoutMs ?? Number.POSITIVE_INFINITY);
  for (;;) {
    if (!running(child)) {
      await exited;
      throw new ExitedDuringStart(`${options.name} exited during start:\n${logs()}`, logs());
    }
    if (Date.now() > deadline) throw await failed(`did not start within ${options.timeoutMs} ms`);
    const status = await fetch(`${options.url}${options.readyPath}`).then(
      (res) => res.status,
      () => null, // not listening yet
    );
    if (status !== null && status < 300) break;
    // 503: still starting (the site's /readyz while it boots); anything else will not change.
    if (status !== null && status !== 503) throw await failed(`answered ${status} at ${options.readyPath}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url: options.url,
    logs,
    stop,
    async kill() {
      if (running(child)) child.kill("SIGKILL");
      await exited;
    },
  };
}

export type SiteOptions = {
  buildDir: string;
  dataDir: string;
  /** Settings beyond those that place it (BUILD_DIR, DATA_DIR, PORT, HOST, PUBLIC_URL), which they may override. */
  env?: Record<string, string>;
  /** A port of the caller's (a restart behind a proxy that knows it); a free one by default. */
  port?: number;
  /** Node's flags before server.js (those of `npm start`: scripts/start-flags.ts). */
  nodeFlags?: readonly string[];
  logFiles?: LogFiles;
  timeoutMs?: number;
};

/**
 * Runs the built site as production does (node server.js) on 127.0.0.1, and resolves once
 * /readyz answers. Its address is `url`, whatever PUBLIC_URL it is given.
 */
export async function startBuiltSite(options: SiteOptions): Promise<StartedProcess> {
  if (!fs.existsSync(path.join(options.buildDir, "server/index.js")))
    throw new Error(
      `no production build in ${options.buildDir} (BUILD_DIR=${options.buildDir} npm run build)`,
    );
  // A port found free may be another socket's by the time the site listens (a test run's other
  // sites and their connections take ports all along): the site then exits at once, and is
  // started again on another port.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${port}`;
    try {
      return await startProcess({
        name: "the site",
        command: process.execPath,
        args: [...(options.nodeFlags ?? []), "server.js"],
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          BUILD_DIR: options.buildDir,
          PORT: String(port),
          HOST: "127.0.0.1",
          PUBLIC_URL: url,
          DATA_DIR: options.dataDir,
          ...options.env,
        },
        url,
        readyPath: "/readyz",
        logFiles: options.logFiles,
        timeoutMs: options.timeoutMs,
      });
    } catch (err) {
      const taken = err instanceof ExitedDuringStart && err.output.includes("EADDRINUSE");
      if (!taken || options.port !== undefined || attempt === 3) throw err;
    }
  }
}
