// Checks the content folder without a database: every file valid, every rule across files kept,
// every image it names present under public/. Run before committing content:
//   npx tsx scripts/content-check.ts [content-dir] [public-dir]
import path from "node:path";
import { checkAssets } from "~/features/content/check-assets.server";
import { ContentError } from "~/features/content/content-error";
import { parseContentTree } from "~/features/content/parse-tree.server";
import { readContentFiles } from "~/features/content/read-tree.server";

const contentDir = path.resolve(process.argv[2] ?? "content");
const publicDir = path.resolve(process.argv[3] ?? path.join(contentDir, "..", "public"));

try {
  const files = await readContentFiles(contentDir);
  const tree = parseContentTree(files);
  const problems = checkAssets(tree, publicDir, files.label);
  if (problems.length > 0) throw new ContentError(problems);
  console.log(
    `${files.files.size} files OK: ${tree.offices.length} offices, ${tree.games.length} games, ` +
      `${tree.faqItems.length} FAQ answers in ${tree.faqCategories.length} categories, ${tree.jobs.length} job offers`,
  );
} catch (err) {
  console.error(err instanceof ContentError ? err.message : err);
  process.exitCode = 1;
}
