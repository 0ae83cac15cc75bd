import matter from "gray-matter";
import YAML from "yaml";
import type { z } from "zod";
import { ContentError } from "./content-error";
import type {
  ContentKind,
  ContentLookup,
  ContentProblems,
  ContentReader,
  Unit,
} from "./content-kinds.server";
import type { ContentFiles } from "./read-tree.server";

/**
 * Turns the files of the content folder into validated units, kind by kind. Every problem in
 * every file is collected, then thrown together as one ContentError, so one start shows all
 * that needs fixing.
 */

export type { Unit };

/** The units of every kind, by kind name. */
export type ContentTree = ReadonlyMap<string, Unit<unknown>[]>;

/** The units of one kind, typed as the kind declares them. */
export function unitsOf<T>(tree: ContentTree, kind: ContentKind<T>): Unit<T>[] {
  return (tree.get(kind.name) ?? []) as Unit<T>[];
}

/** Which unit a file belongs to; null for a file no kind claims. */
export function unitKeyOf(file: string, kinds: readonly ContentKind<unknown>[]): string | null {
  for (const kind of kinds) {
    const key = kind.unitKeyOf(file);
    if (key) return key;
  }
  return null;
}

/** Files that may sit in the folder without being content. */
const ignoredFiles = new Set(["README.md"]);

/** "address.postalCode", "socialLinks[2].url"; "(file)" for an issue about the whole file. */
function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of path) {
    out += typeof part === "number" ? `[${part}]` : out ? `.${String(part)}` : String(part);
  }
  return out || "(file)";
}

/** Zod's words for a missing field are long; an editor wants "Required". */
const requiredMessage = (issue: { input?: unknown; code?: string }) =>
  issue.code === "invalid_type" && issue.input === undefined ? "Required" : undefined;

/** Problems reading "content/<file>: <field>: <why>", into a list. */
function problemsInto(list: string[], label: string): ContentProblems {
  return {
    problem: (file, field, message) => list.push(`${label}/${file}: ${field}: ${message}`),
    fileProblem: (file, message) => list.push(`${label}/${file}: ${message}`),
  };
}

function readerFor(content: ContentFiles, problems: ContentProblems): ContentReader {
  const files = content.files;

  function validate<S extends z.ZodType>(file: string, schema: S, data: unknown): z.infer<S> | undefined {
    const result = schema.safeParse(data, { error: requiredMessage });
    if (result.success) return result.data;
    for (const issue of result.error.issues) problems.problem(file, fieldPath(issue.path), issue.message);
    return undefined;
  }

  return {
    ...problems,
    files,
    parseYaml(file, schema) {
      const source = files.get(file);
      if (!source) return undefined;
      let data: unknown;
      try {
        data = YAML.parse(source.text);
      } catch (err) {
        problems.fileProblem(file, `not valid YAML: ${(err as Error).message.split("\n")[0]}`);
        return undefined;
      }
      return data === undefined ? undefined : validate(file, schema, data);
    },
    /** Front matter (YAML, read with the same parser as the .yaml files) and Markdown body. */
    parseMarkdown(file, schema) {
      const source = files.get(file);
      if (!source) return undefined;
      let parsed: { data: unknown; content: string };
      try {
        // Passing options also keeps gray-matter from returning a cached, shared object.
        parsed = matter(source.text, { engines: { yaml: (s: string) => YAML.parse(s) ?? {} } });
      } catch (err) {
        problems.fileProblem(
          file,
          `front matter is not valid YAML: ${(err as Error).message.split("\n")[0]}`,
        );
        return undefined;
      }
      const data = validate(file, schema, parsed.data);
      const body = parsed.content.trim();
      if (!body) problems.problem(file, "(body)", "Required");
      return data === undefined || !body ? undefined : { data, body };
    },
  };
}

/**
 * Parses every kind's files, then runs every kind's cross-file check; throws a ContentError
 * with the problems of all of them, listed kind by kind in the registry's order.
 */
export function parseContentTree(content: ContentFiles, kinds: readonly ContentKind<unknown>[]): ContentTree {
  const unexpected: string[] = [];
  for (const file of content.files.keys()) {
    if (!ignoredFiles.has(file) && unitKeyOf(file, kinds) === null) {
      problemsInto(unexpected, content.label).fileProblem(
        file,
        "unexpected file (see README.md in the content folder for the layout)",
      );
    }
  }

  const parsed = kinds.map((kind) => {
    const problems: string[] = [];
    const units = kind.parse(readerFor(content, problemsInto(problems, content.label)));
    return { kind, units, problems };
  });
  const tree: ContentTree = new Map(parsed.map(({ kind, units }) => [kind.name, units]));
  for (const { kind, units, problems } of parsed) {
    if (!kind.check) continue;
    const lookup: ContentLookup = {
      ...problemsInto(problems, content.label),
      units<U>(name: string) {
        const found = tree.get(name);
        if (!found) throw new Error(`content kind ${kind.name} looks up an unknown kind "${name}"`);
        return found as Unit<U>[];
      },
      has: (file) => content.files.has(file),
    };
    kind.check(units, lookup);
  }

  const problems = [...unexpected, ...parsed.flatMap((p) => p.problems)];
  if (problems.length > 0) throw new ContentError(problems);
  return tree;
}
