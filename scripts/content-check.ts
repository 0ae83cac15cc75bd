// Checks the content folder without a database: every file valid, every rule across files kept,
// every image it names present under public/. Run before committing content:
//   npm run content:check -- [content-dir] [public-dir]
// (vite-node, as the site runs: the content kinds reach modules that use Vite's import.meta.glob)
import path from "node:path";
import {
  ContentError,
  checkAssets,
  parseContentTree,
  readContentFiles,
} from "~/features/content/index.server";

const contentDir = path.resolve(process.argv[2] ?? "content");
const publicDir = path.resolve(process.argv[3] ?? path.join(contentDir, "..", "public"));

try {
  const files = await readContentFiles(contentDir);
  const tree = parseContentTree(files);
  const problems = checkAssets(tree, publicDir, files.label);
  if (problems.length > 0) throw new ContentError(problems);
  const counts = [...tree].map(([kind, units]) => `${units.length} ${kind}`);
  console.log(`${files.files.size} files OK: ${counts.join(", ")}`);
} catch (err) {
  console.error(err instanceof ContentError ? err.message : err);
  process.exitCode = 1;
}
