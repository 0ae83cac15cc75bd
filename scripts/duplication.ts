import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/**
 * Copied code over `app/` (jscpd, settings in .jscpd.json: six lines or more, tests, migrations
 * and JSON left out): fails above `MAX_CLONES`. jscpd's own `--threshold` is a percentage of
 * the lines, which a large codebase keeps low however many copies it holds; a rule written
 * twice is one clone, whatever the size of the rest.
 *
 *     npm run duplication
 *
 * jscpd 4.0.5, exactly: its later 4.x releases take commander 15, which asks for Node 22.12.
 */
export const MAX_CLONES = 25;

/** Nothing when the count is within the limit; otherwise what to say. */
export function cloneCountFailure(count: number, max = MAX_CLONES): string | null {
  if (count <= max) return null;
  return `${count} clones, more than the ${max} allowed (scripts/duplication.ts): give the copied code one home.`;
}

/**
 * The clones jscpd finds run from `cwd` with the given arguments (its console report printed as
 * it goes), counted from its JSON report. Its command line, not its API: the API's modules point
 * tsx at TypeScript sources that do not load.
 */
export function countClones(args: readonly string[], cwd = process.cwd()): number {
  // The package's main module is dist/jscpd.js; its command sits in bin/ beside dist/.
  const bin = path.resolve(path.dirname(createRequire(import.meta.url).resolve("jscpd")), "../bin/jscpd");
  const output = fs.mkdtempSync(path.join(os.tmpdir(), "jscpd-"));
  try {
    const run = spawnSync(
      process.execPath,
      [bin, ...args, "--reporters", "console,json", "--output", output],
      { cwd, stdio: ["ignore", "inherit", "inherit"] },
    );
    if (run.status !== 0) throw new Error(`jscpd exited with ${run.status ?? run.signal}`);
    const report = JSON.parse(fs.readFileSync(path.join(output, "jscpd-report.json"), "utf8")) as {
      duplicates: unknown[];
    };
    return report.duplicates.length;
  } finally {
    fs.rmSync(output, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const failure = cloneCountFailure(countClones(process.argv.slice(2)));
  if (failure) {
    console.error(failure);
    process.exitCode = 1;
  }
}
