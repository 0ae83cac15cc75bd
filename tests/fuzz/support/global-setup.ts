import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * The fuzz suite drives the production server bundle in-process, so the run builds the site once
 * into a folder of its own. FUZZ_BUILD_DIR (or E2E_BUILD_DIR) reuses an existing build, for
 * quick local iterations: rebuild it after changing app code.
 */
export default function setup(project: TestProject) {
  const given = process.env.FUZZ_BUILD_DIR || process.env.E2E_BUILD_DIR;
  // Inside the project, so the server bundle resolves its packages from node_modules.
  fs.mkdirSync(".builds", { recursive: true });
  const dir = given ? path.resolve(given) : fs.mkdtempSync(path.resolve(".builds/fuzz-"));
  if (!fs.existsSync(path.join(dir, "server/index.js"))) {
    execFileSync("npx", ["react-router", "build"], {
      env: { ...process.env, BUILD_DIR: dir, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  project.provide("fuzzBuildDir", dir);
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
    if (!given) fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    fuzzBuildDir: string;
    fuzzCountsDir: string;
  }
}
