import type { SerializedError } from "vitest";
import type { TestModule, TestRunEndReason } from "vitest/node";
import { JsonReporter } from "vitest/reporters";

type Additions = {
  projects: string[];
  projectOfFile: Map<string, string>;
  unhandledErrors: { name?: string; message: string }[];
  reason: TestRunEndReason;
};

/**
 * Vitest's JSON report with what CI's closing summary (scripts/test-summary.js) needs and the
 * plain report leaves out: the projects the run included, the project of each test file, why the
 * run ended, and the errors thrown outside any test. Vitest exits 1 on such an error even when
 * every test passed, and the plain report still says `success: true`.
 */
export default class CiJsonReporter extends JsonReporter {
  // Set by onTestRunEnd, the only caller of writeReport.
  private additions!: Additions;

  override async onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError> = [],
    reason: TestRunEndReason = "passed",
  ) {
    this.additions = {
      projects: this.ctx.projects.map((project) => project.name),
      projectOfFile: new Map(testModules.map((module) => [module.moduleId, module.project.name])),
      unhandledErrors: unhandledErrors.map(({ name, message }) => ({ name, message })),
      reason,
    };
    await super.onTestRunEnd(testModules);
  }

  override async writeReport(report: string) {
    const { additions } = this;
    const json = JSON.parse(report) as { testResults: { name: string; project?: string }[] };
    for (const file of json.testResults) file.project = additions.projectOfFile.get(file.name);
    await super.writeReport(
      JSON.stringify({
        ...json,
        projects: additions.projects,
        unhandledErrors: additions.unhandledErrors,
        reason: additions.reason,
      }),
    );
  }
}
