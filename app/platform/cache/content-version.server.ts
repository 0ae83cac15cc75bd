import { sql } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { contentSources } from "~/platform/db/schema";

/**
 * A fingerprint of rows public pages show that change without a content load (job offers written
 * by the recruiting service's sync, `npm run jobs:sync`, in another process): registered by the
 * feature that owns them, at boot (server/lifecycle.ts), so platform reads no product table.
 */
export type ContentVersionSource = (db: Db) => Promise<string>;

const sources = new Map<string, ContentVersionSource>();

/** Adds (or, by the same name, replaces) a source of every content version read from now on. */
export function registerContentVersionSource(name: string, source: ContentVersionSource): void {
  sources.set(name, source);
}

/**
 * A fingerprint of what public pages are made of, read from the database so that a change made
 * by another process (the content loader of another instance, a registered source's writer) is
 * seen too: the newest content file load and the number of files, then each registered source's
 * fingerprint. Asked at most once per `maxAgeMs`, so a cache hit costs no query most of the time.
 */
export function createContentVersion(db: Db, maxAgeMs = 1000): () => Promise<string> {
  let cached: { value: string; at: number } | undefined;
  let pending: Promise<string> | undefined;

  async function read(): Promise<string> {
    // The count too: removing a file deletes its row without touching the others' times.
    const [files] = await db
      .select({
        at: sql<string | null>`max(${contentSources.loadedAt})::text`,
        count: sql<string>`count(*)::text`,
      })
      .from(contentSources);
    const parts = [files?.at ?? "-", files?.count ?? "0"];
    for (const source of sources.values()) parts.push(await source(db));
    return parts.join("|");
  }

  return async function version(): Promise<string> {
    if (cached && Date.now() - cached.at < maxAgeMs) return cached.value;
    // Aged from when the read started, not when it answered: a slow query must not stretch how
    // long another process's change can go unseen beyond maxAgeMs.
    const startedAt = Date.now();
    pending ??= read()
      .then(
        (value) => {
          cached = { value, at: startedAt };
          return value;
        },
        (err: unknown) => {
          // The database cannot be read (it is down): the content cannot have changed where it
          // cannot be read either, so what was cached stays served (the page cache keeps
          // answering through an outage: docs/ARCHITECTURE.md); asked again next time.
          if (cached) return cached.value;
          throw err;
        },
      )
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}

const shared = new WeakMap<Db, () => Promise<string>>();

/** The process's one version reader per database, shared by the page cache and content memos. */
export function contentVersionOf(db: Db): () => Promise<string> {
  let version = shared.get(db);
  if (!version) {
    version = createContentVersion(db);
    shared.set(db, version);
  }
  return version;
}
