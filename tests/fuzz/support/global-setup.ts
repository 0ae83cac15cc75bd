import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { siteBuild } from "../../support/site-build";

/**
 * The fuzz suite drives the production server bundle in-process: the run's one build
 * (tests/support/site-build.ts).
 */
export default async function setup(project: TestProject) {
  project.provide("fuzzBuildDir", await siteBuild());
  // Each file leaves its count here; the run's total is printed at the end.
  const counts = fs.mkdtempSync(path.join(os.tmpdir(), "studio-fuzz-counts-"));
  project.provide("fuzzCountsDir", counts);
  return () => {
    const files = fs
      .readdirSync(counts)
      .map((file) => JSON.parse(fs.readFileSync(path.join(counts, file), "utf8")));
    const endpoints = files.reduce((sum, file) => sum + file.endpoints, 0);
    const total = files.reduce((sum, file) => sum + file.total, 0);
    if (files.length) process.stdout.write(`fuzz: ${total} requests to ${endpoints} endpoints\n`);
    fs.rmSync(counts, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    fuzzBuildDir: string;
    fuzzCountsDir: string;
  }
}
