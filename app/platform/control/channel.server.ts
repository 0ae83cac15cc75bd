import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { z } from "zod";
import type { Logger } from "~/platform/logging.server";
import type { Services } from "~/platform/services.server";
import { CommandRefused, type ControlCommand } from "./command";

/**
 * The control channel: the running site listens on a Unix socket under DATA_DIR, and the
 * studio's tools (command-line.server.ts) send it commands, which it runs in its own process
 * with its own services. On the embedded database that is the only way a tool can reach the
 * data while the site runs (PGlite allows one process). Local only: a socket file readable and
 * writable by the site's user alone (0600), never an HTTP endpoint.
 *
 * Protocol: one request per connection, one JSON line each way.
 *   → {"command":"playtest.list","args":{"site":"quebec"},"print":true}
 *   ← {"ok":true,"result":…,"printed":"…"}   or   {"ok":false,"message":"…"}
 * Results travel as JSON: a command's result is a JSON value (dates as ISO strings). With
 * `print`, the answer also carries the result as the tool prints it (the command's print), so a
 * tool can show it without loading the commands itself (tool-client.ts). An unknown command's
 * answer says so with `unknown: true`.
 */

export type ControlRequest = {
  command: string;
  args: Record<string, string | boolean>;
  print?: boolean;
};
export type ControlAnswer =
  | { ok: true; result: unknown; printed?: string }
  | { ok: false; message: string; unknown?: true };

/** The socket's place: in the data folder, next to the embedded database it stands in for. */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, "control.sock");
}

/**
 * The longest socket path the system takes (sun_path: 108 bytes on Linux, 104 on macOS and the
 * BSDs, with the final NUL). A longer one is refused rather than moved: a socket elsewhere
 * (/tmp) could be taken first by another user of the machine.
 */
export const MAX_SOCKET_PATH_BYTES = process.platform === "linux" ? 107 : 103;

/** A request larger than this is refused: the flags of a command are a few hundred bytes. */
export const MAX_REQUEST_BYTES = 1024 * 1024;
/** A client that has not sent its whole request by then is cut off. */
export const READ_TIMEOUT_MS = 5000;

export const FAILED = "The command failed: see the site's log";

/** The issues of a command's flags, one readable sentence: "--at: Invalid string; --id: Required". */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `--${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/** Whether something answers on the socket at `socketPath` (a connection is accepted). */
export function socketAnswers(socketPath: string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    const done = (answers: boolean) => {
      socket.destroy();
      resolve(answers);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/**
 * Runs one request with the site's services. Every failure becomes an answer: the flags' issues,
 * a refusal's message, or (anything else, logged here with its stack) a generic message.
 */
async function answer(
  line: string,
  commands: ReadonlyMap<string, ControlCommand<unknown, unknown>>,
  services: Services,
  logger: Logger,
): Promise<ControlAnswer> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return { ok: false, message: "The request is not JSON" };
  }
  const {
    command: name,
    args,
    print,
  } = (request ?? {}) as {
    command?: unknown;
    args?: unknown;
    print?: unknown;
  };
  if (typeof name !== "string") return { ok: false, message: 'The request has no "command"' };
  const command = commands.get(name);
  if (!command) return { ok: false, message: `Unknown command "${name}"`, unknown: true };
  const parsed = command.args.safeParse(args ?? {});
  if (!parsed.success) return { ok: false, message: describeIssues(parsed.error) };
  const started = Date.now();
  try {
    // As it travels: the print is of what the tool would have received.
    const result: unknown = JSON.parse(JSON.stringify((await command.run(services, parsed.data)) ?? null));
    logger.info({ command: name, ms: Date.now() - started }, "control command run");
    return print === true ? { ok: true, result, printed: command.print(result) } : { ok: true, result };
  } catch (err) {
    if (err instanceof CommandRefused) {
      logger.info({ command: name, refused: err.message }, "control command refused");
      return { ok: false, message: err.message };
    }
    logger.error({ err, command: name }, "control command failed");
    return { ok: false, message: FAILED };
  }
}

export type ControlChannel = {
  /** False when the channel did not start (another site answers there, or the path is too long). */
  listening: boolean;
  close(): Promise<void>;
};

/**
 * Listens on `socketPath` for the tools' commands. A socket file left by a process that crashed
 * is replaced; one another process still answers on is left alone, and the channel does not
 * start (the site itself runs on, logged as a warning).
 */
export async function startControlChannel(options: {
  socketPath: string;
  commands: ReadonlyArray<ControlCommand<unknown, unknown>>;
  services: Services;
  logger: Logger;
  readTimeoutMs?: number;
  maxRequestBytes?: number;
}): Promise<ControlChannel> {
  const { socketPath, services, logger } = options;
  const readTimeoutMs = options.readTimeoutMs ?? READ_TIMEOUT_MS;
  const maxRequestBytes = options.maxRequestBytes ?? MAX_REQUEST_BYTES;
  const commands = new Map(options.commands.map((c) => [c.name, c]));
  const idle: ControlChannel = { listening: false, close: async () => {} };

  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    logger.warn(
      { socketPath, max: MAX_SOCKET_PATH_BYTES },
      "control channel not started: its socket path is too long for the system (use a shorter DATA_DIR); the studio's tools cannot reach this site",
    );
    return idle;
  }
  const existing = fs.lstatSync(socketPath, { throwIfNoEntry: false });
  if (existing) {
    if (!existing.isSocket()) {
      logger.warn({ socketPath }, "control channel not started: a file that is not a socket is in its place");
      return idle;
    }
    if (await socketAnswers(socketPath)) {
      logger.warn(
        { socketPath },
        "control channel not started: another process answers on its socket (a second site on this DATA_DIR?)",
      );
      return idle;
    }
    // Left by a process that ended without closing it (a crash, a kill -9).
    fs.rmSync(socketPath, { force: true });
  }

  const connections = new Set<net.Socket>();
  // Half-open allowed: a client may end its side once it has sent its request (`nc -U`).
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
    // A client that vanishes mid-answer: nothing to do but forget it.
    socket.on("error", () => socket.destroy());
    socket.setTimeout(readTimeoutMs, () => socket.destroy());
    const chunks: Buffer[] = [];
    let size = 0;
    let handled = false;
    const reply = (message: ControlAnswer) => {
      if (!socket.destroyed) socket.end(`${JSON.stringify(message)}\n`);
    };
    socket.on("data", (chunk: Buffer) => {
      if (handled) return;
      const end = chunk.indexOf(10);
      chunks.push(end === -1 ? chunk : chunk.subarray(0, end));
      size += end === -1 ? chunk.length : end;
      if (size > maxRequestBytes) {
        handled = true;
        reply({ ok: false, message: `The request is larger than ${maxRequestBytes} bytes` });
        return;
      }
      if (end === -1) return;
      handled = true;
      // Read: the command may take its time, the site waits for it.
      socket.setTimeout(0);
      void answer(Buffer.concat(chunks).toString("utf8"), commands, services, logger).then(reply);
    });
    socket.on("end", () => {
      if (!handled) socket.destroy();
    });
  });

  const listening = new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Created unreadable by others from the start (no moment with the default umask's 0755): the
  // socket is bound within listen() itself, so the restrictive umask lasts only that call. A
  // worker thread cannot change the umask; the chmod below is then the only guard.
  let umask: number | undefined;
  try {
    umask = process.umask(0o177);
  } catch {
    umask = undefined;
  }
  try {
    server.listen(socketPath);
  } finally {
    if (umask !== undefined) process.umask(umask);
  }
  try {
    await listening;
  } catch (err) {
    logger.warn({ err, socketPath }, "control channel not started: cannot listen on its socket");
    return idle;
  }
  server.on("error", (err) => logger.error({ err, socketPath }, "control channel error"));
  fs.chmodSync(socketPath, 0o600);
  const { ino } = fs.statSync(socketPath);
  logger.info({ socketPath }, "control channel listening");

  return {
    listening: true,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections) socket.destroy();
      await closed;
      // Node removes the file itself on close; should it not have, removed here, unless another
      // process has put its own socket in its place meanwhile.
      if (fs.statSync(socketPath, { throwIfNoEntry: false })?.ino === ino)
        fs.rmSync(socketPath, { force: true });
    },
  };
}

/**
 * Sends one request to the site listening on `socketPath`. Resolves to its answer, or to
 * `undefined` when nothing listens there (no file, or a file nobody answers on: a stale socket).
 */
export function askControlChannel(
  socketPath: string,
  request: ControlRequest,
  options: { timeoutMs?: number } = {},
): Promise<ControlAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let connected = false;
    const chunks: Buffer[] = [];
    socket.setTimeout(options.timeoutMs ?? 300_000, () =>
      socket.destroy(new Error(`The site did not answer on ${socketPath} in time`)),
    );
    socket.once("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.once("error", (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === "ENOENT" || err.code === "ECONNREFUSED")) resolve(undefined);
      else reject(err);
    });
    socket.once("end", () => {
      const text = Buffer.concat(chunks).toString("utf8").trim();
      try {
        resolve(JSON.parse(text) as ControlAnswer);
      } catch {
        reject(new Error(`The site's answer on ${socketPath} is not JSON: ${text.slice(0, 200)}`));
      }
    });
  });
}
