import fs from "node:fs";
import path from "node:path";
import { type Art, artFiles } from "~/ui/art/art";
import type { AssetReference, ContentKind } from "./content-kinds.server";
import { type ContentTree, unitsOf } from "./parse-tree.server";

/** The ceiling for any image the site ships: heavier art would slow every page that shows it. */
const maxBytes = 1024 * 1024;

/**
 * The images the units of every kind name (logo, press images…) and every file of the
 * illustrations they are shown with (key art, city scenes, covers: the layered source and each
 * rendition).
 */
export function assetsOf(tree: ContentTree, kinds: readonly ContentKind<unknown>[]): AssetReference[] {
  return kinds.flatMap((kind) => {
    const units = unitsOf(tree, kind);
    return [
      ...(kind.assets?.(units) ?? []),
      ...(kind.art?.(units) ?? []).flatMap(({ file, what, art }) =>
        artFiles(art).map((asset) => ({ file, field: `(${what})`, asset })),
      ),
    ];
  });
}

/**
 * Every illustration the content is shown with, framed as it says: what
 * scripts/art-renditions.ts renders besides the page headers' scenes.
 */
export function contentArt(tree: ContentTree, kinds: readonly ContentKind<unknown>[]): Art[] {
  return kinds.flatMap((kind) => (kind.art?.(unitsOf(tree, kind)) ?? []).map(({ art }) => art));
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
