import fs from "node:fs";
import { parseArgs } from "node:util";
import { parseConfig } from "~/platform/config.server";
import { askControlChannel, controlSocketPath, MAX_SOCKET_PATH_BYTES } from "./channel.server";

/**
 * `verb --flag value --switch` → the verb and the flags as strings and booleans. A flag followed
 * by a word that is not a flag takes it as its value; `--flag=value` too.
 */
export function parseCommandLine(argv: string[]): {
  verb: string | undefined;
  flags: Record<string, string | boolean>;
  extra: string[];
} {
  const { tokens } = parseArgs({ args: argv, strict: false, allowPositionals: true, tokens: true });
  const flags: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === "positional") positionals.push(token.value);
    else if (token.kind === "option") {
      const next = tokens[i + 1];
      if (token.value !== undefined) flags[token.name] = token.value;
      else if (next?.kind === "positional" && positionals.length > 0) {
        flags[token.name] = next.value;
        i++;
      } else flags[token.name] = true;
    }
  }
  const [verb, ...extra] = positionals;
  return { verb, flags, extra };
}

type Output = { out(text: string): void; err(text: string): void };

/**
 * A studio tool's quick way: the command sent to the running site over its control socket, and
 * its answer printed, with none of the app's code loaded here (the site prints the answer too).
 * That takes a moment where loading the code takes seconds. Resolves to the exit status, or to
 * null when the site cannot take it this way: no socket (no site running, or PostgreSQL, where
 * the tool opens the database itself), no verb or an unknown one (the usage comes from the
 * commands). The caller then runs the tool in full (runCommandLine), which decides as before.
 */
export async function askRunningSite(options: {
  tool: string;
  argv: string[];
  env?: NodeJS.ProcessEnv;
  output: Output;
}): Promise<number | null> {
  const { verb, flags, extra } = parseCommandLine(options.argv);
  if (!verb || extra.length) return null;
  const cfg = parseConfig(options.env ?? process.env);
  const socketPath = controlSocketPath(cfg.dataDir);
  if (cfg.DATABASE_URL || Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) return null;
  if (!fs.existsSync(socketPath)) return null;
  const json = flags.json === true;
  delete flags.json;
  let answer: Awaited<ReturnType<typeof askControlChannel>>;
  try {
    answer = await askControlChannel(socketPath, {
      command: `${options.tool}.${verb}`,
      args: flags,
      print: !json,
    });
  } catch {
    // A socket it may not open, a site that does not answer: the full tool says which.
    return null;
  }
  if (!answer) return null;
  if (!answer.ok) {
    if (answer.unknown) return null;
    options.output.err(answer.message);
    return 1;
  }
  // A site of an older version answers without the print (the command has run: it is never
  // sent twice), so the result is shown as JSON.
  const asJson = JSON.stringify(answer.result, null, 2);
  options.output.out(json ? asJson : (answer.printed ?? asJson));
  return 0;
}
