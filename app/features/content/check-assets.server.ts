import fs from "node:fs";
import path from "node:path";
import type { ContentTree } from "./parse-tree.server";

/** The ceiling for any image the site ships. */
const maxBytes = 1024 * 1024;

/**
 * Images the content names (logo, game art, office pictures) must exist under public/ and stay
 * small. Run by scripts/content-check.ts and the tests, not at start: a missing picture is a
 * broken image, not a reason to refuse to serve the site.
 */
export function checkAssets(tree: ContentTree, publicDir: string, label = "content"): string[] {
  const references: Array<{ file: string; field: string; asset: string }> = [
    { file: "studio.yaml", field: "logo", asset: tree.studio.data.logo },
  ];
  for (const game of tree.games) {
    if (game.data.image) references.push({ file: game.sources[0]!, field: "image", asset: game.data.image });
  }
  for (const office of tree.offices) {
    if (office.data.image)
      references.push({ file: office.sources[0]!, field: "image", asset: office.data.image });
  }
  for (const article of tree.newsArticles ?? []) {
    references.push({ file: article.sources[0]!, field: "cover", asset: article.data.cover });
  }
  const problems: string[] = [];
  for (const { file, field, asset } of references) {
    const full = path.join(publicDir, asset);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat?.isFile()) problems.push(`${label}/${file}: ${field}: ${asset} does not exist under public/`);
    else if (stat.size > maxBytes) problems.push(`${label}/${file}: ${field}: ${asset} is over 1 MB`);
  }
  return problems;
}
