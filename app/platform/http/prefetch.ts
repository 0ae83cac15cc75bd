import { createElement, useSyncExternalStore } from "react";
import { Link, type LinkProps, NavLink, type NavLinkProps, type PrefetchBehavior } from "react-router";

/**
 * Link prefetching (docs/requirements.md#navigation-and-layout): links fetch their page's data and
 * code ahead of a click once the browser is idle (requestIdleCallback, 2000 ms timeout), and never
 * on 2g or data-saver connections.
 *
 * How: React Router's `prefetch` prop decides when a <Link> prefetches. `SiteLink` starts as
 * "none" (server render and hydration, so nothing competes with the page's own loading), then
 * the first idle moment switches every SiteLink on the page to "viewport": the links the
 * visitor can see prefetch, the rest wait until scrolled to. "render" would fetch every link
 * of the menus and footer at once; "intent" would wait for a hover that touch screens never
 * give. A connection that becomes slow or data-saving switches prefetching off again.
 *
 * Known limit: to read a route's links(), React Router imports the route module while
 * prefetching, and reloads the page if that import fails. A connection that drops in the middle
 * of a prefetch therefore reloads the page; stopping prefetches while the browser says it is
 * offline narrows that window but cannot close it from here.
 */

export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/** The fields of the Network Information API we read (Chromium only; others allow). */
export type ConnectionInfo = {
  effectiveType?: string;
  saveData?: boolean;
  addEventListener?: (type: "change", listener: () => void) => void;
  removeEventListener?: (type: "change", listener: () => void) => void;
};

/** Prefetching spends the visitor's data: not on 2g/slow-2g, not with data saver on. */
export function connectionAllowsPrefetch(connection: ConnectionInfo | undefined | null): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? "").includes("2g");
}

type Mode = Extract<PrefetchBehavior, "none" | "viewport">;

let idleReached = false;
let mode: Mode = "none";
let started = false;
const listeners = new Set<() => void>();

function browserConnection(): ConnectionInfo | undefined {
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

function update() {
  // Offline, a prefetch can only fail: links wait until the browser is back online.
  const allowed = navigator.onLine !== false && connectionAllowsPrefetch(browserConnection());
  const next: Mode = idleReached && allowed ? "viewport" : "none";
  if (next === mode) return;
  mode = next;
  for (const listener of listeners) listener();
}

let idlePassed: () => void = () => {};
const idle = new Promise<void>((resolve) => {
  idlePassed = resolve;
});

/**
 * The page's first idle moment after it hydrated, when links start prefetching; also what
 * ui/hydrate-later.tsx waits for before it loads a form's code.
 */
export function pageIdle(): Promise<void> {
  start();
  return idle;
}

function start() {
  if (started || typeof window === "undefined") return;
  started = true;
  const whenIdle = () => {
    idleReached = true;
    idlePassed();
    update();
  };
  if (typeof window.requestIdleCallback === "function") {
    window.requestIdleCallback(whenIdle, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  } else {
    // Safari has no requestIdleCallback: after the load event is the closest idle moment.
    const later = () => window.setTimeout(whenIdle, 1);
    if (document.readyState === "complete") later();
    else window.addEventListener("load", later, { once: true });
  }
  browserConnection()?.addEventListener?.("change", update);
  window.addEventListener("online", update);
  window.addEventListener("offline", update);
}

const prefetchStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    start();
    return () => {
      listeners.delete(listener);
    };
  },
  getSnapshot: (): Mode => mode,
  getServerSnapshot: (): Mode => "none",
};

/** The prefetch behaviour links should use right now ("none" until the browser is idle). */
export function useIdlePrefetch(): Mode {
  return useSyncExternalStore(
    prefetchStore.subscribe,
    prefetchStore.getSnapshot,
    prefetchStore.getServerSnapshot,
  );
}

/** A <Link> that prefetches its page when the browser is idle (see above). */
export function SiteLink(props: LinkProps) {
  const prefetch = useIdlePrefetch();
  return createElement(Link, { prefetch, ...props });
}

/** A <NavLink> (aria-current on the current page) that prefetches like SiteLink. */
export function SiteNavLink(props: NavLinkProps) {
  const prefetch = useIdlePrefetch();
  return createElement(NavLink, { prefetch, ...props });
}
