import fs from "node:fs";
import path from "node:path";

/**
 * The Node flags production starts the site with, as `npm start` writes them (package.json's
 * `start` script): their one home. The systemd unit and the Dockerfile repeat them (neither runs
 * npm), scripts/start-flags.test.ts keeps the three equal, and the bench starts the site with them.
 */
export function startFlags(root: string): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const match = /\bnode((?:\s+--\S+)*)\s+server\.js\b/.exec(pkg.scripts.start);
  if (!match) throw new Error(`package.json's start script runs no "node … server.js": ${pkg.scripts.start}`);
  return match[1]!.trim().split(/\s+/).filter(Boolean);
}
