import crypto from "node:crypto";
import YAML from "yaml";
import { ContentError } from "./content-error";
import type { ContentKind } from "./content-kinds.server";
import { parseContentTree } from "./parse-tree.server";
import type { ContentFiles } from "./read-tree.server";

/**
 * Helpers for tests of the content rules: take the studio's real tree, change a few files, and
 * read what the loader says about them.
 */

/** The tree with some files replaced (string) or removed (null). */
export function changeTree(tree: ContentFiles, changes: Record<string, string | null>): ContentFiles {
  const files = new Map(tree.files);
  for (const [file, text] of Object.entries(changes)) {
    if (text === null) files.delete(file);
    else files.set(file, { path: file, text, hash: crypto.createHash("sha256").update(text).digest("hex") });
  }
  return { label: tree.label, files, stamp: tree.stamp };
}

/** The change to `file` of `tree` that edits its YAML as data (for changeTree). */
export function editYaml(
  tree: ContentFiles,
  file: string,
  edit: (data: Record<string, unknown>) => void,
): Record<string, string> {
  const data = YAML.parse(tree.files.get(file)!.text);
  edit(data);
  return { [file]: YAML.stringify(data) };
}

/** The problems the loader names for a tree it must refuse (fails if it accepts it). */
export function problemsOf(files: ContentFiles, kinds: readonly ContentKind<unknown>[]): string[] {
  try {
    parseContentTree(files, kinds);
  } catch (err) {
    if (err instanceof ContentError) return err.problems;
    throw err;
  }
  throw new Error("expected the tree to be refused");
}
