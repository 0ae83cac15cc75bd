import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { siteBuild } from "../../support/site-build";
import { spawnSite } from "./site-process";

/**
 * Browser and integration tests run the production server: the run's one build
 * (tests/support/site-build.ts).
 *
 * It also starts that build once on an empty data folder and stops it: the embedded database
 * created, migrated and loaded with the content. Each site of the run starts from a copy of
 * that folder (harness.ts), instead of creating its database again: on a busy machine that is
 * the slowest part of a start, most of a minute.
 */
export default async function setup(project: TestProject) {
  const dir = await siteBuild();
  project.provide("buildDir", dir);

  const template = fs.mkdtempSync(path.join(os.tmpdir(), "studio-e2e-template-"));
  const site = await spawnSite({ buildDir: dir, dataDir: template });
  const code = await site.stop();
  if (code !== 0) throw new Error(`the template site did not stop cleanly (${code}):\n${site.logs()}`);
  project.provide("templateDataDir", template);

  return () => {
    fs.rmSync(template, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    buildDir: string;
    templateDataDir: string;
  }
}
