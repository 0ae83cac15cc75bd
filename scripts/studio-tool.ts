// The studio's tools as `npm run <tool> -- …` starts them (applications, contact,
// playtest:select, support:issues, and db:backup as `create`; what each does: scripts/<tool>.ts
// and the README).
//
// While the site runs on the embedded database, the command goes to it over its control socket
// and the answer is printed, loading none of the app (a second, where loading it takes several):
// app/platform/control/tool-client.ts. Otherwise (no site running, PostgreSQL, no verb or an
// unknown one) the tool runs in full, through vite-node, as scripts/<tool>.ts.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { askRunningSite } from "~/platform/control/tool-client";

/** npm script → the tool's name in its commands ("<tool>.<verb>") and its full entry. */
const tools: Record<string, { tool: string; script: string }> = {
  applications: { tool: "applications", script: "scripts/applications.ts" },
  contact: { tool: "contact", script: "scripts/contact.ts" },
  "playtest:select": { tool: "playtest", script: "scripts/playtest-select.ts" },
  "support:issues": { tool: "support:issues", script: "scripts/support-issues.ts" },
  "db:backup": { tool: "backup", script: "scripts/db-backup.ts" },
};

const [name = "", ...rest] = process.argv.slice(2);
const argv = rest[0] === "--" ? rest.slice(1) : rest;
const entry = tools[name];
if (!entry) {
  process.stderr.write(`Unknown tool "${name}": one of ${Object.keys(tools).join(", ")}\n`);
  process.exit(2);
}

const quick = await askRunningSite({
  tool: entry.tool,
  argv,
  output: {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
  },
});
if (quick !== null) {
  process.exitCode = quick;
} else {
  const viteNode = path.join(
    path.dirname(createRequire(import.meta.url).resolve("vite-node/package.json")),
    "vite-node.mjs",
  );
  const full = spawnSync(process.execPath, [viteNode, entry.script, "--", ...argv], { stdio: "inherit" });
  process.exitCode = full.status ?? 1;
}
