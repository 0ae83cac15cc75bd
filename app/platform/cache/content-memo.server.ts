import type { Db } from "~/platform/db/client.server";
import { contentVersionOf } from "./content-version.server";

/**
 * Answers computed from public content only (job searches, office lists), kept per content
 * version like the page cache keeps pages (docs/decisions/0009-page-cache.md): a hot query is
 * answered from memory until the content changes or `ttlMs` passes. The promise is stored, so
 * concurrent misses for one key run the query once.
 */
export type ContentMemoOptions = {
  /** The current content version (content-version.server.ts); another version means stale. */
  version: () => Promise<string>;
  /** 0: no memo, every call computes. */
  ttlMs: number;
  /** Bound on stored answers, oldest dropped first, so made-up queries cannot grow the process. */
  maxEntries: number;
  /**
   * Deep-freeze answers, for memos whose answers callers might be tempted to edit; also when the
   * memo is off, so such an edit fails in development and tests rather than only in production.
   */
  freeze?: boolean;
};

export type ContentMemo = <T>(key: string, compute: () => Promise<T>) => Promise<T>;

type Entry = { version: string; expiresAt: number; value: Promise<unknown> };

export function createContentMemo(options: ContentMemoOptions): ContentMemo {
  const entries = new Map<string, Entry>();

  return async function memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const run = options.freeze ? () => compute().then(deepFreeze) : compute;
    if (options.ttlMs <= 0) return run();
    const version = await options.version();
    const hit = entries.get(key);
    if (hit && hit.version === version && hit.expiresAt > Date.now()) return hit.value as Promise<T>;
    entries.delete(key);
    while (entries.size >= options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    const value = run();
    const entry: Entry = { version, expiresAt: Date.now() + options.ttlMs, value };
    entries.set(key, entry);
    // A failure is not remembered: the next call tries again.
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    return value;
  };
}

/** Stored answers are shared by every request: freezing them turns an accidental edit into an error. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const shared = new WeakMap<Db, ContentMemo>();

/**
 * Sets up the process's memo of content reads that nearly every page makes (the studio's
 * details for the site shell, offices, taxonomy terms, FAQ lists) for a database, kept `ttlMs`
 * (boot passes the page cache's lifetime, PAGE_CACHE_TTL_SECONDS: 60 s in production, off in
 * development, where reads stay fresh); a content change ends it sooner.
 */
export function shareContentMemo(db: Db, ttlMs: number): ContentMemo {
  const memo = createContentMemo({ version: contentVersionOf(db), ttlMs, maxEntries: 1000, freeze: true });
  shared.set(db, memo);
  return memo;
}

/**
 * The memo boot set up for this database; without one (a test's database), every read is
 * computed afresh. Answers are frozen either way: callers copy before changing.
 */
export function sharedContentMemo(db: Db): ContentMemo {
  return shared.get(db) ?? shareContentMemo(db, 0);
}
