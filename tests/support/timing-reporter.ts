import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

type Timed = { project: string; file: string; tests: number; start: number; end: number };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Where a run's time went, printed at its end: each project's wall-clock time (its first file's
 * start to its last file's end: projects run one after another, in their groupOrder) with its
 * files and tests, then the 15 slowest files. A file's time is measured here, from the moment a
 * worker takes it to its end: imports, hooks (a site started in beforeAll) and tests, which is
 * what a file costs the run. The README's budget for each project is checked against these lines.
 */
export default class TimingReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly timed: Timed[] = [];
  private runStart = Date.now();

  onTestRunStart() {
    this.runStart = Date.now();
  }

  onTestModuleStart(module: TestModule) {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const end = Date.now();
    this.timed.push({
      project: module.project.name,
      file: path.relative(process.cwd(), module.moduleId),
      tests: [...module.children.allTests()].length,
      start: this.started.get(module.moduleId) ?? end,
      end,
    });
  }

  onTestRunEnd() {
    if (this.timed.length === 0) return;
    const projects = new Map<string, Timed[]>();
    for (const entry of this.timed)
      projects.set(entry.project, [...(projects.get(entry.project) ?? []), entry]);
    const lines = ["", "Time per project (first file's start to last file's end, from the run's start):"];
    const width = Math.max(...[...projects.keys()].map((name) => name.length));
    const order = [...projects].sort(
      ([, a], [, b]) => Math.min(...a.map((e) => e.start)) - Math.min(...b.map((e) => e.start)),
    );
    for (const [name, entries] of order) {
      const start = Math.min(...entries.map((e) => e.start));
      const end = Math.max(...entries.map((e) => e.end));
      const tests = entries.reduce((sum, e) => sum + e.tests, 0);
      lines.push(
        `  ${name.padEnd(width)}  ${seconds(end - start).padStart(8)}  ${entries.length} files, ${tests} tests (${seconds(start - this.runStart)} to ${seconds(end - this.runStart)})`,
      );
    }
    const first = Math.min(...this.timed.map((e) => e.start));
    const last = Math.max(...this.timed.map((e) => e.end));
    lines.push(
      `  ${"(before the first file: builds, global set-up)".padEnd(width)}  ${seconds(first - this.runStart)}`,
      `  ${"(all)".padEnd(width)}  ${seconds(last - this.runStart).padStart(8)}`,
      "The 15 slowest files (imports, hooks and tests):",
    );
    const slowest = [...this.timed].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 15);
    for (const e of slowest) {
      lines.push(
        `  ${seconds(e.end - e.start).padStart(8)}  ${e.project.padEnd(width)}  ${e.file} (${e.tests})`,
      );
    }
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}
