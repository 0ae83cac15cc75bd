import type { z } from "zod";
import type { Services } from "~/platform/services.server";

/**
 * A studio tool's command (`npm run applications -- advance …`). The site has no administrator
 * screens (docs/requirements.md#overview): the studio moves submissions along from the command
 * line. A command is written where its feature lives; the control channel runs it inside the
 * running site (a Unix socket under DATA_DIR, so the tools work while the site holds the
 * embedded database), or in the tool's own process when no site is running or the database is a
 * PostgreSQL server (docs/decisions/0029-status-links-and-studio-tools.md).
 */
export type ControlCommand<Args = unknown, Result = unknown> = {
  /** "<tool>.<verb>": `applications.advance` is `npm run applications -- advance`. */
  name: string;
  /** One line for the tool's usage text: the verb's flags and what it does. */
  usage: string;
  /** Flags arrive as strings and booleans (`--id x --json`); checked where the command runs. */
  args: z.ZodType<Args>;
  run(svc: Services, args: Args): Promise<Result>;
  /** The human form of the result; `--json` prints the result itself. */
  print(result: Result): string;
};

/** Written where the work lives; the channel and the command line only need the list. */
export function defineCommand<Args, Result>(
  command: ControlCommand<Args, Result>,
): ControlCommand<Args, Result> {
  return command;
}

/** A refusal the tool prints as is (exit status 1), without a stack trace. */
export class CommandRefused extends Error {
  override name = "CommandRefused";
}

/** A readable table for a command's print: the first row is the header, columns padded. */
export function textTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** The day of an ISO date or Date (YYYY-MM-DD), as the tools print it. */
export const isoDay = (value: string | Date) =>
  (typeof value === "string" ? value : value.toISOString()).slice(0, 10);
