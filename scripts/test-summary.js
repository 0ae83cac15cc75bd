// CI's closing lines, from the Vitest JSON reports written by scripts/vitest-ci-reporter.ts: each
// project's counts, every reason the run did not pass, then one "Tests: …" line. Exits 1 when
// there is any such reason.
//   node scripts/test-summary.js test-results/main.json test-results/postgres.json
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Tests allowed not to run: full name → why. There are none; any skipped or todo test fails the
 * run, because a test that does not run proves nothing while the line stays green.
 * @type {ReadonlyMap<string, string>}
 */
export const allowedSkips = new Map();

/**
 * @typedef {{ fullName: string, status: string }} TestEntry
 * @typedef {{ name: string, project?: string, status: string, message?: string, assertionResults: TestEntry[] }} FileEntry
 * @typedef {{ success: boolean, testResults: FileEntry[], projects?: string[],
 *   unhandledErrors?: { name?: string, message: string }[], reason?: string }} Report
 * @typedef {{ label: string, report?: Report, unreadable?: string }} NamedReport
 */

/**
 * @param {NamedReport[]} reports
 * @param {ReadonlyMap<string, string>} allowed
 * @returns {{ lines: string[], problems: string[] }}
 */
export function summarize(reports, allowed = allowedSkips) {
  const lines = [];
  const problems = [];
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const { label, report, unreadable } of reports) {
    if (!report) {
      problems.push(`${label}: no report (${unreadable ?? "missing"}): the run did not finish`);
      continue;
    }
    if (!report.projects) {
      problems.push(`${label}: no project names: not written by scripts/vitest-ci-reporter.ts`);
      continue;
    }
    /** @type {Map<string, { passed: number, failed: number, skipped: number }>} */
    const counts = new Map(report.projects.map((name) => [name, { passed: 0, failed: 0, skipped: 0 }]));
    const before = problems.length;
    for (const file of report.testResults) {
      const project = file.project ?? "(no project)";
      const count = counts.get(project) ?? { passed: 0, failed: 0, skipped: 0 };
      counts.set(project, count);
      const where = `${label} ${project}`;
      for (const test of file.assertionResults) {
        if (test.status === "passed") count.passed += 1;
        else if (test.status === "failed") {
          count.failed += 1;
          problems.push(`${where}: failed: ${test.fullName}`);
        } else {
          count.skipped += 1;
          if (!allowed.has(test.fullName))
            problems.push(`${where}: did not run (${test.status}): ${test.fullName}`);
        }
      }
      // A file that could not load, or whose hook failed, fails without a failed test.
      if (file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed")) {
        problems.push(`${where}: ${path.relative(process.cwd(), file.name)} failed: ${file.message ?? ""}`);
      }
    }
    for (const [project, count] of counts) {
      lines.push(
        `${label} ${project}: ${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`,
      );
      if (count.passed + count.failed === 0) problems.push(`${label} ${project}: ran no test`);
      total.passed += count.passed;
      total.failed += count.failed;
      total.skipped += count.skipped;
    }
    for (const error of report.unhandledErrors ?? []) {
      problems.push(`${label}: error outside any test: ${error.name ?? "Error"}: ${error.message}`);
    }
    if (report.reason === "interrupted") problems.push(`${label}: the run was interrupted`);
    if (!report.success && problems.length === before) problems.push(`${label}: Vitest reports a failure`);
  }
  lines.push(...problems);
  lines.push(
    `Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped; ` +
      (problems.length
        ? `FAILED (${problems.length} ${problems.length === 1 ? "reason" : "reasons"})`
        : "passed"),
  );
  return { lines, problems };
}

/** @param {string} file @returns {NamedReport} */
function read(file) {
  const label = path.basename(file, ".json");
  if (!fs.existsSync(file)) return { label };
  try {
    return { label, report: JSON.parse(fs.readFileSync(file, "utf8")) };
  } catch (error) {
    return { label, unreadable: String(error) };
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { lines, problems } = summarize(process.argv.slice(2).map(read));
  for (const line of lines) console.log(line);
  process.exitCode = problems.length ? 1 : 0;
}
