import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import lockfile from "proper-lockfile";

/**
 * The production build every suite that runs the built site shares (browser, fuzz and
 * integration tests, and CI's JavaScript budget): one build per change of the code, not one per
 * suite and run. It lives in `.builds/test-<hash>`, the hash of what the build reads (the app,
 * the server, public files, the lock file and the build's configuration; not tests, content or
 * docs), so a second run on the same code starts at once. TEST_BUILD_DIR names a build to use
 * instead (built there if it holds none).
 *
 * The projects' global set-ups run side by side: a lock lets the first build while the others
 * wait, then find the build there.
 */
export async function siteBuild(): Promise<string> {
  const given = process.env.TEST_BUILD_DIR;
  // Inside the project, so the server bundle resolves its packages from node_modules.
  const root = path.resolve(".builds");
  fs.mkdirSync(root, { recursive: true });
  const dir = given ? path.resolve(given) : path.join(root, `test-${buildInputsHash()}`);
  const release = await lockfile.lock(root, {
    lockfilePath: path.join(root, "build.lock"),
    // A build takes a minute or two on a busy machine; the lock is refreshed meanwhile.
    retries: { retries: 600, minTimeout: 200, maxTimeout: 1000 },
  });
  try {
    if (fs.existsSync(path.join(dir, "server/index.js"))) return dir;
    if (given) {
      await build(dir);
      return dir;
    }
    // Built beside and renamed whole: a build cut short is never taken for a finished one.
    const partial = `${dir}.partial-${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    await build(partial);
    fs.renameSync(partial, dir);
    // Older builds of this kind were for code that has since changed.
    for (const name of fs.readdirSync(root)) {
      const other = path.join(root, name);
      if (name.startsWith("test-") && other !== dir) fs.rmSync(other, { recursive: true, force: true });
    }
    return dir;
  } finally {
    await release();
  }
}

/** Builds without blocking this process, whose lock must stay fresh meanwhile. */
async function build(dir: string) {
  try {
    await promisify(execFile)("npx", ["react-router", "build"], {
      env: { ...process.env, BUILD_DIR: dir, NODE_ENV: "production" },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`the production build failed:\n${stderr || stdout || String(error)}`);
  }
}

/** What the build reads: a change to any of these makes a new build. */
const inputs = {
  folders: ["app", "server", "public"],
  files: ["package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"],
};
const testFile = /\.(test|db\.test)\.tsx?$/;

export function buildInputsHash(): string {
  const hash = crypto.createHash("sha256");
  const files = [...inputs.files];
  for (const folder of inputs.folders) {
    for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || testFile.test(entry.name)) continue;
      files.push(path.relative(".", path.join(entry.parentPath, entry.name)));
    }
  }
  for (const file of files.sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

// `npx tsx tests/support/site-build.ts`: builds (or finds) the shared build and prints its
// folder, for a step outside the tests that wants the same build (.ci/run's JavaScript budget).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.stdout.write(`${path.relative(".", await siteBuild())}\n`);
}
