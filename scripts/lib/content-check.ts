import {
  ContentError,
  checkAssets,
  parseContentTree,
  readContentFiles,
  stampProblem,
  writeStamp,
} from "~/features/content/index.server";
import { contentKinds } from "../../server/content-kinds";

/**
 * `npm run content:check`'s work: every file of `contentDir` valid, every rule across files
 * kept, every image it names present under `publicDir`, and its stamp current (or, with
 * `stamp`, written). Answers what to print: the counts on success, the problems otherwise.
 */
export async function checkContent(options: {
  contentDir: string;
  publicDir: string;
  stamp?: boolean;
}): Promise<{ ok: boolean; lines: string[] }> {
  try {
    const files = await readContentFiles(options.contentDir);
    const tree = parseContentTree(files, contentKinds);
    const problems = checkAssets(tree, contentKinds, options.publicDir, files.label);
    if (problems.length > 0) throw new ContentError(problems);
    const counts = `${files.files.size} files OK: ${[...tree].map(([kind, units]) => `${units.length} ${kind}`).join(", ")}`;
    if (options.stamp) {
      const stamp = await writeStamp(options.contentDir, files.files.values(), files.stamp);
      return {
        ok: true,
        lines: [
          counts,
          `stamped ${stamp.stampedAt.toISOString()}: commit ${files.label}/VERSION with the change`,
        ],
      };
    }
    const problem = stampProblem(files);
    if (problem) throw new ContentError([problem]);
    return { ok: true, lines: [counts] };
  } catch (err) {
    if (err instanceof ContentError) return { ok: false, lines: [err.message] };
    throw err;
  }
}
