import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Logger } from "~/platform/logging.server";
import type { Services } from "~/platform/services.server";
import {
  askControlChannel,
  type ControlChannel,
  FAILED,
  MAX_SOCKET_PATH_BYTES,
  startControlChannel,
} from "./channel.server";
import { CommandRefused, defineCommand } from "./command";
import { askRunningSite } from "./tool-client";

/** A stand-in for the site's services: the commands here read only the config. */
const services = { config: { publicUrl: "https://studio.example" } } as unknown as Services;

const commands = [
  defineCommand({
    name: "test.greet",
    usage: "greet --name NAME",
    args: z.strictObject({ name: z.string({ error: "a name" }), loud: z.boolean().optional() }),
    run: async (svc, args) => ({
      text: `Hello ${args.name} from ${svc.config.publicUrl}`,
      loud: !!args.loud,
    }),
    print: (r) => r.text,
  }),
  defineCommand({
    name: "test.refuse",
    usage: "refuse",
    args: z.object({}),
    run: async () => {
      throw new CommandRefused("No sign-up 42");
    },
    print: () => "",
  }),
  defineCommand({
    name: "test.crash",
    usage: "crash",
    args: z.object({}),
    run: async (): Promise<never> => {
      throw new Error("secret detail at /srv/site/app.js");
    },
    print: () => "",
  }),
];

function fakeLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
}

let dir: string;
let socketPath: string;
let logger: ReturnType<typeof fakeLogger>;
const channels: ControlChannel[] = [];

async function start(options: { readTimeoutMs?: number; maxRequestBytes?: number; at?: string } = {}) {
  const channel = await startControlChannel({
    socketPath: options.at ?? socketPath,
    commands,
    services,
    logger: logger as unknown as Logger,
    ...options,
  });
  channels.push(channel);
  return channel;
}

/** Sends raw bytes and resolves to what the channel wrote back before it closed. */
function raw(bytes: string | Buffer, options: { end?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let text = "";
    socket.on("data", (d) => {
      text += d;
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(text));
    socket.on("connect", () => {
      socket.write(bytes);
      if (options.end) socket.end();
    });
  });
}

beforeEach(() => {
  // Short, as Unix socket paths must be (about 107 bytes).
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ctl-"));
  socketPath = path.join(dir, "control.sock");
  logger = fakeLogger();
});

afterEach(async () => {
  for (const channel of channels.splice(0)) await channel.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("control channel", () => {
  it("runs a command with the site's services and answers its result", async () => {
    expect((await start()).listening).toBe(true);
    expect(
      await askControlChannel(socketPath, { command: "test.greet", args: { name: "Ada", loud: true } }),
    ).toEqual({ ok: true, result: { text: "Hello Ada from https://studio.example", loud: true } });
    expect(logger.info).toHaveBeenCalledWith(
      expect.objectContaining({ command: "test.greet" }),
      "control command run",
    );
  });

  it("answers flags its schema refuses with the issues, readably", async () => {
    await start();
    expect(await askControlChannel(socketPath, { command: "test.greet", args: { loud: "yes" } })).toEqual({
      ok: false,
      message: "--name: a name; --loud: Invalid input: expected boolean, received string",
    });
    const unknown = await askControlChannel(socketPath, {
      command: "test.greet",
      args: { name: "A", x: true },
    });
    expect(unknown).toEqual({ ok: false, message: expect.stringContaining('"x"') });
  });

  it("answers a refusal with its message, and any other failure with a generic one: the stack stays in the log", async () => {
    await start();
    expect(await askControlChannel(socketPath, { command: "test.refuse", args: {} })).toEqual({
      ok: false,
      message: "No sign-up 42",
    });
    const text = await raw(`${JSON.stringify({ command: "test.crash", args: {} })}\n`);
    expect(JSON.parse(text)).toEqual({ ok: false, message: FAILED });
    expect(text).not.toContain("secret");
    expect(text).not.toMatch(/at .+:\d+/);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({
        command: "test.crash",
        err: expect.objectContaining({ stack: expect.any(String) }),
      }),
      "control command failed",
    );
  });

  it("answers an unknown command, junk and an oversized request without failing", async () => {
    await start({ maxRequestBytes: 1000 });
    expect(await askControlChannel(socketPath, { command: "test.nope", args: {} })).toEqual({
      ok: false,
      message: 'Unknown command "test.nope"',
      unknown: true,
    });
    expect(JSON.parse(await raw("{not json\n"))).toEqual({ ok: false, message: "The request is not JSON" });
    expect(JSON.parse(await raw("x".repeat(5000)))).toEqual({
      ok: false,
      message: "The request is larger than 1000 bytes",
    });
    // A client that ends its side after its request is still answered.
    expect(JSON.parse(await raw(`${JSON.stringify({ command: "test.refuse" })}\n`, { end: true }))).toEqual({
      ok: false,
      message: "No sign-up 42",
    });
  });

  it("cuts off a client that does not finish its request in time, and serves the next", async () => {
    await start({ readTimeoutMs: 200 });
    const started = Date.now();
    expect(await raw('{"command":"test.greet"')).toBe("");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await askControlChannel(socketPath, { command: "test.greet", args: { name: "B" } })).toMatchObject(
      {
        ok: true,
      },
    );
  });

  it("creates its socket readable and writable by the site's user only, and removes it on close", async () => {
    const channel = await start();
    expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);
    await channel.close();
    expect(fs.existsSync(socketPath)).toBe(false);
  });

  it("replaces a socket file left by a process that crashed", async () => {
    // A process that listens there, then dies without closing: its socket file stays.
    const child = spawn(process.execPath, [
      "-e",
      `require("node:net").createServer().listen(${JSON.stringify(socketPath)}, () => console.log("up"))`,
    ]);
    await new Promise((resolve) => child.stdout.once("data", resolve));
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(fs.lstatSync(socketPath).isSocket()).toBe(true);
    expect(await askControlChannel(socketPath, { command: "test.refuse", args: {} })).toBeUndefined();

    expect((await start()).listening).toBe(true);
    expect(await askControlChannel(socketPath, { command: "test.refuse", args: {} })).toMatchObject({
      ok: false,
    });
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it("does not start where another process answers, and leaves that one working", async () => {
    expect((await start()).listening).toBe(true);
    const second = await start();
    expect(second.listening).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith(
      { socketPath },
      expect.stringContaining("another process answers on its socket"),
    );
    await second.close();
    expect(await askControlChannel(socketPath, { command: "test.greet", args: { name: "C" } })).toMatchObject(
      {
        ok: true,
      },
    );
  });

  it("does not start on a path too long for a Unix socket, nor over a file that is not a socket", async () => {
    const long = path.join(dir, "x".repeat(MAX_SOCKET_PATH_BYTES), "control.sock");
    expect((await start({ at: long })).listening).toBe(false);
    expect(logger.warn).toHaveBeenLastCalledWith(expect.anything(), expect.stringContaining("too long"));
    fs.writeFileSync(socketPath, "data");
    expect((await start()).listening).toBe(false);
    expect(fs.readFileSync(socketPath, "utf8")).toBe("data");
  });
});

describe("a tool's quick way through the running site (askRunningSite)", () => {
  /** What the tool printed and the status it resolved to (null: it must run in full). */
  async function quick(argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const status = await askRunningSite({
      tool: "test",
      argv,
      env: { DATA_DIR: dir },
      output: { out: (t) => out.push(t), err: (t) => err.push(t) },
    });
    return { status, out, err };
  }

  it("prints the site's print of the result, or the result as JSON with --json", async () => {
    await start();
    expect(await quick(["greet", "--name", "Ada"])).toEqual({
      status: 0,
      out: ["Hello Ada from https://studio.example"],
      err: [],
    });
    expect(await quick(["greet", "--name", "Ada", "--loud", "--json"])).toEqual({
      status: 0,
      out: [JSON.stringify({ text: "Hello Ada from https://studio.example", loud: true }, null, 2)],
      err: [],
    });
  });

  it("prints a refusal or bad flags with status 1", async () => {
    await start();
    expect(await quick(["refuse"])).toEqual({ status: 1, out: [], err: ["No sign-up 42"] });
    expect((await quick(["greet", "--loud"])).status).toBe(1);
  });

  it("leaves to the full tool a missing or unknown verb, and a site that is not running", async () => {
    expect((await quick(["greet", "--name", "Ada"])).status).toBeNull();
    await start();
    expect((await quick([])).status).toBeNull();
    expect((await quick(["frob"])).status).toBeNull();
    expect((await quick(["greet", "extra", "--name", "Ada"])).status).toBeNull();
  });
});
