import path from "node:path";
import { contentArt, parseContentTree, readContentFiles } from "~/features/content/index.server";
import { type Art, pageArtByKey } from "~/ui/art/art";
import { contentKinds } from "../../server/content-kinds";

/**
 * Every illustration the site shows: the page headers' scenes (app/ui/art/art.ts) and every
 * picture of the content in `contentDir`, cut as the content says (a game's and an office's
 * `art:`, an article's `coverArt:`). What scripts/art-renditions.ts renders and its test checks.
 */
export async function siteArt(contentDir: string): Promise<Art[]> {
  const tree = parseContentTree(await readContentFiles(path.resolve(contentDir)), contentKinds);
  return [...Object.values(pageArtByKey), ...contentArt(tree, contentKinds)];
}
