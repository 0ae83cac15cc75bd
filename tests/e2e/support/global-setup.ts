import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { spawnSite } from "./site-process";

/**
 * Browser tests run the production server, so the run builds the site once, into a folder of
 * its own (E2E_BUILD_DIR reuses an existing build, for quick local iterations).
 *
 * It also starts that build once on an empty data folder and stops it: the embedded database
 * created, migrated and loaded with the content. Each site of the run starts from a copy of
 * that folder (harness.ts), instead of creating its database again: on a busy machine that is
 * the slowest part of a start, most of a minute.
 */
export default async function setup(project: TestProject) {
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

  const template = fs.mkdtempSync(path.join(os.tmpdir(), "studio-e2e-template-"));
  const site = await spawnSite({ buildDir: dir, dataDir: template });
  const code = await site.stop();
  if (code !== 0) throw new Error(`the template site did not stop cleanly (${code}):\n${site.logs()}`);
  project.provide("templateDataDir", template);

  return () => {
    fs.rmSync(template, { recursive: true, force: true });
    if (!given) fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    buildDir: string;
    templateDataDir: string;
  }
}
