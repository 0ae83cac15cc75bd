import fs from "node:fs";
import path from "node:path";
import { type Art, artFiles } from "~/ui/art/art";
import type { AssetReference, ContentKind } from "./content-kinds.server";
import { type ContentTree, unitsOf } from "./parse-tree.server";

/** The ceiling for any image the site ships: heavier art would slow every page that shows it. */
const maxBytes = 1024 * 1024;

/** The images the units of every kind name (logo, game art, office pictures, covers…). */
export function assetsOf(tree: ContentTree, kinds: readonly ContentKind<unknown>[]): AssetReference[] {
  return kinds.flatMap((kind) => kind.assets?.(unitsOf(tree, kind)) ?? []);
}

/**
 * What a unit whose picture comes from the art catalogue (app/ui/art/art.ts) needs: every file
 * of its entry, or the entry itself.
 */
export function artAssets(file: string, art: Art | undefined, what: string): AssetReference[] {
  if (!art) {
    return [{ file, field: "(art)", missing: `no ${what} in app/ui/art/art.ts (docs/art-direction.md)` }];
  }
  return artFiles(art).map((asset) => ({ file, field: "(art)", asset }));
}

/**
 * Images the content names must exist under public/ and stay small. Run by
 * scripts/content-check.ts and the tests, not at start: a missing picture is a broken image,
 * not a reason to refuse to serve the site.
 */
export function checkAssets(
  tree: ContentTree,
  kinds: readonly ContentKind<unknown>[],
  publicDir: string,
  label = "content",
): string[] {
  const problems: string[] = [];
  for (const reference of assetsOf(tree, kinds)) {
    const { file, field } = reference;
    if ("missing" in reference) {
      problems.push(`${label}/${file}: ${field}: ${reference.missing}`);
      continue;
    }
    const { asset } = reference;
    const full = path.join(publicDir, asset);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat?.isFile()) problems.push(`${label}/${file}: ${field}: ${asset} does not exist under public/`);
    else if (stat.size > maxBytes) problems.push(`${label}/${file}: ${field}: ${asset} is over 1 MB`);
  }
  return problems;
}
