import type { z } from "zod";
import type { Tx } from "~/platform/db/client.server";
import type { ContentFile } from "./read-tree.server";

/** An entity and the files it was made from; the loader rewrites it only when one changed. */
export type Unit<T> = { key: string; sources: string[]; data: T };

/** What a content kind gets to read and validate its files; problems are collected, not thrown. */
export type ContentReader = {
  files: ReadonlyMap<string, ContentFile>;
  /** A YAML file validated by `schema`; undefined (problems recorded) when absent or invalid. */
  parseYaml<S extends z.ZodType>(file: string, schema: S): z.infer<S> | undefined;
  /** Front matter validated by `schema` and a non-empty Markdown body. */
  parseMarkdown<S extends z.ZodType>(file: string, schema: S): { data: z.infer<S>; body: string } | undefined;
  problem(file: string, field: string, message: string): void;
  fileProblem(file: string, message: string): void;
};

export type StoredCounts = { upserted: number; removed: number };

/**
 * One kind of content (press kits, patch notes, …) in one module of its feature: which files are
 * its own, how they become units, and how units become rows. Kinds added this way need no branch
 * in parse-tree or store-tree; they are listed in `contentKinds` (content-kind-list.server.ts).
 * `store` runs in the load's transaction after the built-in kinds (offices, games, jobs…), so it
 * may refer to them; refer to them by slug rather than by foreign key when they can be removed.
 */
export type ContentKind<T = unknown> = {
  name: string;
  /** The unit a file belongs to ("press-kit:aurora"), or null when the file is not this kind's. */
  unitKeyOf(file: string): string | null;
  parse(reader: ContentReader): Unit<T>[];
  /** Writes the changed units and removes the rows of units that are gone. */
  store(tx: Tx, units: Unit<T>[], changed: (unit: Unit<T>) => boolean): Promise<StoredCounts>;
};

/** Keeps a kind's type parameter when it is put in the list. */
export function defineContentKind<T>(kind: ContentKind<T>): ContentKind<T> {
  return kind;
}
