// Checks the content folder without a database: every file valid, every rule across files kept,
// every image it names present under public/, and its stamp (VERSION) current. Run before
// committing content, with --stamp once the change is done (content/README.md):
//   npm run content:check -- [--stamp] [content-dir] [public-dir]
// (vite-node, as the site runs: the content kinds reach modules that use Vite's import.meta.glob)
import path from "node:path";
import { parseArgs } from "node:util";
import { checkContent } from "./lib/content-check";

const { values, positionals } = parseArgs({
  options: { stamp: { type: "boolean", default: false } },
  allowPositionals: true,
});
const contentDir = path.resolve(positionals[0] ?? "content");
const publicDir = path.resolve(positionals[1] ?? path.join(contentDir, "..", "public"));

try {
  const { ok, lines } = await checkContent({ contentDir, publicDir, stamp: values.stamp });
  for (const line of lines) (ok ? console.log : console.error)(line);
  if (!ok) process.exitCode = 1;
} catch (err) {
  console.error(err);
  process.exitCode = 1;
}
