import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cloneCountFailure, countClones, MAX_CLONES } from "./duplication";

describe("the copied-code check", () => {
  it("passes up to its limit and fails above it", () => {
    expect(cloneCountFailure(MAX_CLONES)).toBeNull();
    expect(cloneCountFailure(0)).toBeNull();
    expect(cloneCountFailure(MAX_CLONES + 1)).toContain(`${MAX_CLONES + 1} clones`);
    expect(cloneCountFailure(4, 3)).toContain("more than the 3 allowed");
  });

  describe("counts what jscpd finds", () => {
    let dir: string | undefined;
    afterEach(() => {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("one clone for a function written twice, none in a file of its own", () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "duplication-test-"));
      const body = (name: string) =>
        [
          `export function ${name}(items: number[]): number {`,
          "  let total = 0;",
          "  for (const item of items) {",
          "    if (item > 10) total += item * 2;",
          "    else if (item < 0) total -= item;",
          "    else total += item;",
          "  }",
          "  return Math.round(total / Math.max(items.length, 1));",
          "}",
          "",
        ].join("\n");
      fs.mkdirSync(path.join(dir, "src"));
      fs.writeFileSync(path.join(dir, "src/a.ts"), body("first"));
      fs.writeFileSync(path.join(dir, "src/b.ts"), `// another file\n${body("first")}`);
      fs.writeFileSync(path.join(dir, "src/c.ts"), "export const alone = 1;\n");
      expect(countClones(["src", "--min-lines", "6", "--min-tokens", "20", "--silent"], dir)).toBe(1);
    }, 30_000);
  });
});
