// Prints one closing line for CI ("Tests: N passed, N failed") from Vitest JSON reports.
import fs from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    failed += 1; // a suite that wrote no report did not run: count it as a failure
    console.log(`missing report: ${file}`);
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A run that failed without a failing test (a suite that could not load, an unhandled error)
  // still counts as one failure.
  if (!report.success && report.numFailedTests === 0) failed += 1;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
