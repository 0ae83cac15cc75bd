/**
 * Code a server render must not wait for: modules the browser loads later (a form's schema, a
 * part that hydrates later) are imported dynamically, and a render that met one still loading
 * would suspend, streaming a placeholder and the content after it. The server starts those
 * imports when their module is evaluated, and entry.server.tsx waits for all of them before it
 * renders (at once after the first request).
 */
const loads: Promise<unknown>[] = [];
/** How many of `loads` are known to have settled: every render after the first skips the wait. */
let settled = 0;

/** On the server, `load()` now, for the renders to come; in the browser, nothing. */
export function preloadOnServer(load: () => Promise<unknown>): void {
  if (!import.meta.env.SSR) return;
  const loading = load();
  // Handled here: a failure must not end the process as an unhandled rejection.
  loading.catch(() => undefined);
  loads.push(loading);
}

/**
 * Resolves once everything `preloadOnServer` started has settled, including what the loaded
 * modules started in turn (a form's module preloads its schema when it is evaluated). One that
 * failed is not the render's to report: the component that needs it loads it again and fails
 * there, if it must.
 */
export async function serverPreloadsReady(): Promise<void> {
  while (settled < loads.length) {
    const count = loads.length;
    await Promise.allSettled(loads);
    settled = Math.max(settled, count);
  }
}
