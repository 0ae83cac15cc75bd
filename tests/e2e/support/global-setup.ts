import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * Browser tests run the production server, so the run builds the site once, into a folder of
 * its own (E2E_BUILD_DIR reuses an existing build, for quick local iterations).
 */
export default function setup(project: TestProject) {
  const given = process.env.E2E_BUILD_DIR;
  // Inside the project, so the server bundle resolves its packages from node_modules.
  fs.mkdirSync(".builds", { recursive: true });
  const dir = given ? path.resolve(given) : fs.mkdtempSync(path.resolve(".builds/e2e-"));
  if (!fs.existsSync(path.join(dir, "server/index.js"))) {
    execFileSync("npx", ["react-router", "build"], {
      env: { ...process.env, BUILD_DIR: dir, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  project.provide("buildDir", dir);
  return () => {
    if (!given) fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    buildDir: string;
  }
}
