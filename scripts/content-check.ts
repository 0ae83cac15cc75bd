// Checks the content folder without a database: every file valid, every rule across files kept,
// every image it names present under public/, and its stamp (VERSION) current. Run before
// committing content, with --stamp once the change is done (content/README.md):
//   npm run content:check -- [--stamp] [content-dir] [public-dir]
// (vite-node, as the site runs: the content kinds reach modules that use Vite's import.meta.glob)
import path from "node:path";
import { parseArgs } from "node:util";
import {
  ContentError,
  checkAssets,
  parseContentTree,
  readContentFiles,
  stampProblem,
  writeStamp,
} from "~/features/content/index.server";
import { contentKinds } from "../server/content-kinds";

const { values, positionals } = parseArgs({
  options: { stamp: { type: "boolean", default: false } },
  allowPositionals: true,
});
const contentDir = path.resolve(positionals[0] ?? "content");
const publicDir = path.resolve(positionals[1] ?? path.join(contentDir, "..", "public"));

try {
  const files = await readContentFiles(contentDir);
  const tree = parseContentTree(files, contentKinds);
  const problems = checkAssets(tree, contentKinds, publicDir, files.label);
  if (problems.length > 0) throw new ContentError(problems);
  const counts = [...tree].map(([kind, units]) => `${units.length} ${kind}`);
  if (values.stamp) {
    const stamp = await writeStamp(contentDir, files.files.values(), files.stamp);
    console.log(`${files.files.size} files OK: ${counts.join(", ")}`);
    console.log(`stamped ${stamp.stampedAt.toISOString()}: commit ${files.label}/VERSION with the change`);
  } else {
    const problem = stampProblem(files);
    if (problem) throw new ContentError([problem]);
    console.log(`${files.files.size} files OK: ${counts.join(", ")}`);
  }
} catch (err) {
  console.error(err instanceof ContentError ? err.message : err);
  process.exitCode = 1;
}
