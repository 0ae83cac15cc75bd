/**
 * Per-page CSP (docs/decisions/0025-click-to-load-embeds.md): a provider's origin is allowed only
 * in the policy of the pages that embed it. A page reached by a client-side navigation still runs
 * under the policy of the document first loaded, which may not allow it; the embed then loads
 * after a full load of the same address, asked for here and picked up by the placeholder.
 */
const PENDING_KEY = "embeds.load";

/** Whether the document was loaded for the address now shown (so its policy is this page's). */
export function documentIsCurrentPage(): boolean {
  const entry = performance.getEntriesByType("navigation")[0];
  if (!entry) return false;
  return new URL(entry.name).pathname === window.location.pathname;
}

/** Reloads the address shown, asking its placeholder `key` to load once it is back. */
export function reloadToLoad(key: string): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ path: window.location.pathname, key }));
  } catch {
    // Without storage the visitor presses Load once more after the reload.
  }
  window.location.reload();
}

/** Whether a reload was asked for this placeholder on this address (consumed: asked once). */
export function takePendingLoad(key: string): boolean {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    if (!raw) return false;
    const pending = JSON.parse(raw) as { path?: unknown; key?: unknown };
    if (pending.path !== window.location.pathname || pending.key !== key) return false;
    sessionStorage.removeItem(PENDING_KEY);
    return true;
  } catch {
    return false;
  }
}
