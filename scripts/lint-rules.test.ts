import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Biome's verdict on `code` in a file named `name` (`.e2e.ts` counts as a test file, `.ts` not),
 * written for the run in scripts/, where the project's biome.json and plugins apply and no Vitest
 * project looks (Biome's standard input mode fails every file with this configuration).
 */
function lint(kind: "test file" | "code", code: string) {
  const file = path.join("scripts", `lint-probe-${process.pid}${kind === "test file" ? ".e2e.ts" : ".ts"}`);
  fs.writeFileSync(file, code);
  try {
    const run = spawnSync("npx", ["biome", "lint", file], { encoding: "utf8" });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const planted = `import { expect, it } from "vitest";
it("checks offers", () => {
  const offers: { open: boolean }[] = [];
  expect(offers.every((offer) => offer.open)).toBe(true);
});
`;

// Each test starts Biome on a planted file: seconds on a loaded two-core machine, more than the
// default 5 s allows. A guard against a hang, not a timing.
describe("lint/no-every-in-expect.grit", { timeout: 60_000 }, () => {
  it("refuses .every() inside expect() in a test file, naming expectEach", () => {
    const { status, output } = lint("test file", planted);
    expect(status).not.toBe(0);
    expect(output).toContain("`.every()` is true of an empty list");
    expect(output).toContain("expectEach(list, check)");
  });

  it("accepts the same check through expectEach, and .every() outside test files", () => {
    const fixed = planted
      .replace(
        'import { expect, it } from "vitest";',
        'import { it } from "vitest";\nimport { expectEach } from "../tests/support/expect-each";',
      )
      .replace(
        "expect(offers.every((offer) => offer.open)).toBe(true);",
        "expectEach(offers, (offer) => offer.open);",
      );
    expect(lint("test file", fixed).status).toBe(0);
    expect(lint("code", planted).status).toBe(0);
  });
});
