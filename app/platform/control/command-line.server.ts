import fs from "node:fs";
import { parseConfig } from "~/platform/config.server";
import { DatabaseLockedError } from "~/platform/db/client.server";
import { createLogger } from "~/platform/logging.server";
import { openServices } from "~/platform/services.server";
import {
  askControlChannel,
  type ControlAnswer,
  controlSocketPath,
  describeIssues,
  MAX_SOCKET_PATH_BYTES,
} from "./channel.server";
import { CommandRefused, type ControlCommand } from "./command";
import { parseCommandLine } from "./tool-client";

export { parseCommandLine };

/** What a tool writes: its answer on `out`, refusals and errors on `err`. */
type Output = { out(text: string): void; err(text: string): void };
const stdio: Output = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

function usage(tool: string, commands: ReadonlyArray<ControlCommand<unknown, unknown>>): string {
  const own = commands.filter((c) => c.name.startsWith(`${tool}.`));
  return ["Usage:", ...own.map((c) => `  ${c.usage}`), "Add --json for the answer as JSON."].join("\n");
}

/**
 * A studio tool's main (scripts/*.ts): runs `${tool}.${verb}` in the running site through its
 * control channel (channel.server.ts) when it listens, otherwise in this process on the database
 * itself (no site running, or DATABASE_URL: PostgreSQL takes several processes). Resolves to the
 * exit status: 0 done, 1 refused or failed, 2 an unknown verb (the usage is printed).
 */
export async function runCommandLine(options: {
  tool: string;
  commands: ReadonlyArray<ControlCommand<unknown, unknown>>;
  argv: string[];
  env?: NodeJS.ProcessEnv;
  output?: Output;
}): Promise<number> {
  const { tool, commands } = options;
  const output = options.output ?? stdio;
  const { verb, flags, extra } = parseCommandLine(options.argv);
  const command = verb ? commands.find((c) => c.name === `${tool}.${verb}`) : undefined;
  if (!command) {
    if (verb) output.err(`Unknown command "${verb}".`);
    output.err(usage(tool, commands));
    return 2;
  }
  if (extra.length) {
    output.err(`Unexpected ${extra.map((word) => `"${word}"`).join(", ")}.\n${usage(tool, commands)}`);
    return 2;
  }
  const json = flags.json === true;
  delete flags.json;
  const show = (result: unknown) =>
    output.out(json ? JSON.stringify(result, null, 2) : command.print(result));

  const cfg = parseConfig(options.env ?? process.env);
  const socketPath = controlSocketPath(cfg.dataDir);
  // A path too long for a socket: the site has not opened one either (channel.server.ts).
  if (!cfg.DATABASE_URL && Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH_BYTES) {
    let answer: ControlAnswer | undefined;
    try {
      answer = await askControlChannel(socketPath, { command: command.name, args: flags });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      output.err(
        code === "EACCES"
          ? `The site's control socket (${socketPath}) is its user's alone: run the tool as the user the site runs as.`
          : `The site did not answer on ${socketPath}: ${(err as Error).message}`,
      );
      return 1;
    }
    if (answer) {
      if (!answer.ok) {
        output.err(answer.message);
        return 1;
      }
      show(answer.result);
      return 0;
    }
  }

  // No site to ask: the command runs here, with services of this process's own.
  const parsed = command.args.safeParse(flags);
  if (!parsed.success) {
    output.err(describeIssues(parsed.error));
    return 1;
  }
  const logger = createLogger(cfg.LOG_LEVEL === "info" ? "warn" : cfg.LOG_LEVEL, { stderr: true });
  const stops: Array<() => Promise<void> | void> = [];
  try {
    const svc = await openServices(cfg, logger, {
      onClose: (stop) => stops.push(stop),
      memoryRateLimits: true,
    });
    // As it would have come over the socket: the same print either way.
    const result: unknown = JSON.parse(JSON.stringify((await command.run(svc, parsed.data)) ?? null));
    show(result);
    return 0;
  } catch (err) {
    if (err instanceof CommandRefused) output.err(err.message);
    else if (err instanceof DatabaseLockedError) {
      output.err(
        fs.existsSync(socketPath)
          ? `The site holds the embedded database, but does not answer on its control socket (${socketPath}): it may be starting, stopping or stuck. Try again in a moment, or see the site's log.`
          : `The embedded database (${cfg.dataDir}) is in use by another process that does not answer the studio's tools: no control socket at ${socketPath}. A site starting up opens its socket once ready (try again in a moment); a site of an older version, or another tool, has to finish first.`,
      );
    } else {
      output.err(err instanceof Error ? (err.stack ?? err.message) : String(err));
    }
    return 1;
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}
