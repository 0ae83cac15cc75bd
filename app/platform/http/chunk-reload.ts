/**
 * A chunk-load failure (a script or route module of an older deploy is gone, or the network
 * dropped it) reloads the page, at most once per minute (docs/requirements.md#errors-and-feedback),
 * so a broken deploy cannot trap a visitor in a reload loop: the second failure within the minute
 * reaches the error page instead.
 *
 * React Router itself reloads when the main module of a route fails to import during a
 * navigation (it does not return control to us there); that reload fetches a fresh document
 * with the new deploy's manifest, so it cannot loop. Everything else comes through here:
 * Vite's `vite:preloadError` (the CSS and shared chunks of a lazy module), the split route
 * chunks (client loaders and middleware), dynamic imports nobody caught, and errors an error
 * boundary receives (`reloadForChunkError`).
 */

export const CHUNK_RELOAD_INTERVAL_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = "studio:chunk-reload-at";

/** Reload only when no reload for a chunk failure happened within the interval. */
export function shouldReloadForChunkError(now: number, lastReloadAt: number | null): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  // A timestamp in the future (clock changed) must not block reloads for ever.
  if (lastReloadAt > now) return true;
  return now - lastReloadAt >= CHUNK_RELOAD_INTERVAL_MS;
}

/** Messages browsers give a failed dynamic import or module preload. */
const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /^ChunkLoadError$/,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return chunkErrorPatterns.some(
    (pattern) =>
      (typeof message === "string" && pattern.test(message)) ||
      (typeof name === "string" && pattern.test(name)),
  );
}

type ReloadEnvironment = {
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  reload: () => void;
  now: () => number;
};

function browserEnvironment(): ReloadEnvironment {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage blocked (privacy settings): without a memory of the last reload, never reload.
  }
  return { storage, reload: () => window.location.reload(), now: () => Date.now() };
}

/**
 * Reloads the page for a chunk failure unless one happened in the last minute; returns whether
 * it did. Without sessionStorage nothing can be remembered, so it does not reload (no loop).
 */
export function reloadForChunkError(env: ReloadEnvironment = browserEnvironment()): boolean {
  if (!env.storage) return false;
  const raw = env.storage.getItem(CHUNK_RELOAD_STORAGE_KEY);
  const last = raw === null ? null : Number(raw);
  const now = env.now();
  if (!shouldReloadForChunkError(now, last)) return false;
  try {
    env.storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  env.reload();
  return true;
}

/** Listens for chunk failures anywhere in the page; returns the function that stops it. */
export function installChunkReloadGuard(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    // Vite rethrows the error unless the event is cancelled; a reload makes it moot.
    if (reloadForChunkError()) event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason) && reloadForChunkError()) event.preventDefault();
  };
  target.addEventListener("vite:preloadError", onPreloadError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("vite:preloadError", onPreloadError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}
