import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { summarize } from "./test-summary.js";

const run = promisify(execFile);
const script = path.resolve("scripts/test-summary.js");
const reporter = path.resolve("scripts/vitest-ci-reporter.ts");

type Status = "passed" | "failed" | "skipped" | "todo";
const file = (project: string, statuses: Status[], status = "passed") => ({
  name: `/repo/${project}/a.test.ts`,
  project,
  status,
  message: "",
  assertionResults: statuses.map((s, i) => ({ fullName: `${project} test ${i}`, status: s })),
});
const report = (projects: string[], testResults: ReturnType<typeof file>[], extra: object = {}) => ({
  success: testResults.every((f) => f.status === "passed"),
  projects,
  testResults,
  unhandledErrors: [],
  reason: "passed",
  ...extra,
});

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "test-summary-"));
  temps.push(dir);
  return dir;
}

/** Runs the script as CI does; resolves to its exit code and output, whatever the code. */
async function summaryOf(...files: string[]) {
  try {
    const { stdout } = await run(process.execPath, [script, ...files]);
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe("the CI summary", () => {
  it("counts each project's tests and passes only when every project ran tests and all passed", () => {
    const projectNames = fc.uniqueArray(fc.constantFrom("unit", "db", "e2e", "fuzz"), {
      minLength: 1,
      maxLength: 4,
    });
    const statuses = fc.array(fc.constantFrom<Status>("passed", "failed", "skipped", "todo"), {
      maxLength: 6,
    });
    const runs = projectNames.chain((projects) =>
      fc.record({
        projects: fc.constant(projects),
        files: fc.array(fc.tuple(fc.constantFrom(...projects), statuses), { maxLength: 8 }),
        unhandled: fc.nat(2),
      }),
    );
    fc.assert(
      fc.property(runs, ({ projects, files, unhandled }) => {
        const results = files.map(([project, s]) =>
          file(project, s, s.includes("failed") ? "failed" : "passed"),
        );
        const errors = Array.from({ length: unhandled }, (_, i) => ({ name: "Error", message: `late ${i}` }));
        const { lines, problems } = summarize([
          { label: "main", report: report(projects, results, { unhandledErrors: errors }) },
        ]);

        const all = files.flatMap(([, s]) => s);
        let ranInEach = true;
        for (const project of projects) {
          const mine = files.filter(([p]) => p === project).flatMap(([, s]) => s);
          const passed = mine.filter((s) => s === "passed").length;
          const failed = mine.filter((s) => s === "failed").length;
          const skipped = mine.length - passed - failed;
          expect(lines).toContain(`main ${project}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
          if (passed + failed === 0) ranInEach = false;
        }
        const clean = ranInEach && unhandled === 0 && all.every((s) => s === "passed");
        expect(problems.length === 0).toBe(clean);
        const passed = all.filter((s) => s === "passed").length;
        const failed = all.filter((s) => s === "failed").length;
        expect(lines.at(-1)).toMatch(
          new RegExp(`^Tests: ${passed} passed, ${failed} failed, ${all.length - passed - failed} skipped; `),
        );
        expect(lines.at(-1)!.endsWith("passed")).toBe(clean);
      }),
    );
  });

  it("names a project that ran no test, an error outside any test, and a skip without a reason", () => {
    const { problems } = summarize([
      {
        label: "main",
        report: report(["unit", "e2e"], [file("unit", ["passed", "skipped"])], {
          unhandledErrors: [{ name: "TypeError", message: "x is undefined" }],
        }),
      },
    ]);
    expect(problems).toEqual([
      "main unit: did not run (skipped): unit test 1",
      "main e2e: ran no test",
      "main: error outside any test: TypeError: x is undefined",
    ]);
  });

  it("lets a skip named in the allow-list through", () => {
    const results = [file("unit", ["passed", "skipped"])];
    const named = [{ label: "main", report: report(["unit"], results) }];
    expect(summarize(named, new Map()).problems).toHaveLength(1);
    expect(summarize(named, new Map([["unit test 1", "needs a GPU"]])).problems).toEqual([]);
  });

  it("fails a file that failed outside its tests, an interrupted run and an unexplained failure", () => {
    const broken = { ...file("unit", []), status: "failed", message: "Cannot find module 'x'" };
    const problemsOf = (one: ReturnType<typeof report>) =>
      summarize([{ label: "main", report: one }]).problems;
    expect(problemsOf(report(["unit"], [file("unit", ["passed"]), broken]))).toEqual([
      expect.stringMatching(/^main unit: .*a\.test\.ts failed: Cannot find module 'x'$/),
    ]);
    expect(problemsOf(report(["unit"], [file("unit", ["passed"])], { reason: "interrupted" }))).toEqual([
      "main: the run was interrupted",
    ]);
    expect(problemsOf(report(["unit"], [file("unit", ["passed"])], { success: false }))).toEqual([
      "main: Vitest reports a failure",
    ]);
  });

  it("fails a missing report and one without project names", () => {
    const { problems } = summarize([
      { label: "postgres" },
      { label: "main", report: { success: true, testResults: [file("unit", ["passed"])] } },
    ]);
    expect(problems).toEqual([
      "postgres: no report (missing): the run did not finish",
      "main: no project names: not written by scripts/vitest-ci-reporter.ts",
    ]);
  });

  it("exits 0 on a clean report and 1 when a report is missing", async () => {
    const dir = tempDir();
    const clean = path.join(dir, "main.json");
    fs.writeFileSync(clean, JSON.stringify(report(["unit"], [file("unit", ["passed", "passed"])])));
    const ok = await summaryOf(clean);
    expect(ok).toEqual({
      code: 0,
      stdout: "main unit: 2 passed, 0 failed, 0 skipped\nTests: 2 passed, 0 failed, 0 skipped; passed\n",
    });
    const missing = await summaryOf(clean, path.join(dir, "postgres.json"));
    expect(missing.code).toBe(1);
  });

  it("reads a real run: an error outside the tests, a skipped test and an empty project fail it", {
    // Starts Vitest itself, on a machine that other test processes keep busy.
    timeout: 120_000,
  }, async () => {
    const dir = tempDir();
    const write = (name: string, text: string) => fs.writeFileSync(path.join(dir, name), text);
    // Globals: the folder has no node_modules to import Vitest from.
    write(
      "vitest.config.mjs",
      `export default { test: { projects: [
        { test: { name: "alpha", globals: true, include: ["alpha.test.js"] } },
        { test: { name: "beta", globals: true, include: ["beta.test.js"] } },
        { test: { name: "gamma", globals: true, include: ["nothing-matches.test.js"] } },
      ] } };`,
    );
    write(
      "alpha.test.js",
      `test("passes, then throws later", () => { setTimeout(() => { throw new Error("thrown after the test"); }); });`,
    );
    write("beta.test.js", `test("runs", () => {}); test.skip("is skipped", () => {});`);
    const output = path.join(dir, "main.json");
    const vitest = path.resolve("node_modules/vitest/vitest.mjs");
    const runVitest = run(process.execPath, [
      vitest,
      "run",
      "--root",
      dir,
      `--reporter=${reporter}`,
      `--outputFile=${output}`,
    ]);
    await expect(runVitest).rejects.toMatchObject({ code: 1 });

    const { code, stdout } = await summaryOf(output);
    expect(code).toBe(1);
    expect(stdout).toContain("main alpha: 1 passed, 0 failed, 0 skipped");
    expect(stdout).toContain("main beta: 1 passed, 0 failed, 1 skipped");
    expect(stdout).toContain("main gamma: ran no test");
    expect(stdout).toContain("main beta: did not run (skipped): is skipped");
    expect(stdout).toContain("main: error outside any test: Error: thrown after the test");
  });
});
