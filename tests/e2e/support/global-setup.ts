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

  const shared =
    project.name === "e2e" ? await startSharedSites(dir, template, project.config.maxWorkers) : [];
  project.provide(
    "sharedSites",
    shared.map(({ url, dataDir }) => ({ url, dataDir })),
  );

  return async () => {
    for (const site of shared) {
      await site.stop();
      fs.rmSync(site.dataDir, { recursive: true, force: true });
    }
    fs.rmSync(template, { recursive: true, force: true });
  };
}

/**
 * The browser files that only look at the site, or write what no other file reads (an address
 * of their own), share a site (sharedSite in harness.ts): one per worker, so two files running
 * at once never share one. A start costs six to seven seconds of a core (the embedded database,
 * the modules, the content), and a site that has served pages already answers faster than a new
 * one: 19 starts fewer a run, and six of the browser files took 247 s instead of 271 s
 * (2026-11-29). Budgets are raised (files come and go on them all run long); a file that tests a
 * budget, a setting or a restart starts a site of its own.
 */
async function startSharedSites(buildDir: string, template: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-e2e-shared-"));
      fs.cpSync(template, dataDir, { recursive: true });
      const site = await spawnSite({
        buildDir,
        dataDir,
        env: {
          MAIL_WORKER_INTERVAL_MS: "100",
          RATE_LIMIT_FORM_POINTS: "100000",
          RATE_LIMIT_API_POINTS: "100000",
        },
      });
      return { ...site, dataDir };
    }),
  );
}

declare module "vitest" {
  export interface ProvidedContext {
    buildDir: string;
    templateDataDir: string;
    /** The sites browser files share, one per worker (sharedSite in harness.ts). */
    sharedSites: Array<{ url: string; dataDir: string }>;
  }
}
