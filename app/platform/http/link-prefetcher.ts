import { matchRoutes } from "react-router";
import type { Framework, PrefetchLinks, Router } from "./prefetch";

/**
 * The link prefetcher itself (decision 0036), loaded by prefetch.ts at the page's first idle
 * moment: nothing of it is needed before, so the page does not load it with its first scripts.
 */

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

type Manifest = Framework["manifest"];
type RouteMatch = {
  route: { id: string; path?: string; children?: unknown[] };
  pathname: string;
  params: Record<string, string | undefined>;
};

/** What prefetching one page asks for. */
export type PagePrefetch = { modules: string[]; styles: string[]; data: string | null };

/**
 * The files a page needs that the current one has not loaded, as React Router's prefetch
 * decides them (its getNewMatchesForLinks, getModuleLinkHrefs and single-fetch data URL),
 * minus every module already loaded: the entry's, and those of each route module the browser
 * has (a loaded route's imports have run). `null` while the page's route is not known yet:
 * React Router discovers routes lazily (it asks /__manifest for the paths of the page's
 * links), and until then the deepest match is a layout with children, never a page.
 */
export function pagePrefetch(options: {
  page: URL;
  current: { pathname: string; search: string; hash: string };
  matches: readonly RouteMatch[] | null;
  currentMatches: readonly RouteMatch[];
  manifest: Manifest;
  loadedRouteIds: ReadonlySet<string>;
  /** Loaded routes whose module exports shouldRevalidate. */
  revalidatingRouteIds: ReadonlySet<string>;
  trailingSlashAware: boolean;
}): PagePrefetch | null {
  const { page, current, matches, currentMatches, manifest, loadedRouteIds } = options;
  const leaf = matches?.at(-1);
  if (!matches || !leaf || leaf.route.children?.length || matches.some((m) => !manifest.routes[m.route.id]))
    return null;

  const changed = matches.filter((match, index) => {
    const now = currentMatches[index];
    if (!now || now.route.id !== match.route.id) return true;
    return (
      now.pathname !== match.pathname ||
      (now.route.path?.endsWith("*") === true && now.params["*"] !== match.params["*"])
    );
  });

  const loaded = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of loadedRouteIds) {
    const route = manifest.routes[id];
    if (!route) continue;
    loaded.add(route.module);
    for (const href of route.imports ?? []) loaded.add(href);
  }
  const modules = new Set<string>();
  const styles = new Set<string>();
  for (const match of changed) {
    const route = manifest.routes[match.route.id];
    if (!route || loadedRouteIds.has(route.id)) continue;
    for (const href of [
      route.module,
      route.clientActionModule,
      route.clientLoaderModule,
      ...(route.imports ?? []),
    ]) {
      if (href && !loaded.has(href)) modules.add(href);
    }
    for (const href of route.css ?? []) styles.add(href);
  }

  // The data of every route with a loader, as the navigation will ask for it. A route with a
  // clientLoader or a shouldRevalidate can make React Router ask for some routes only (a
  // `_routes` parameter this does not build): then no data is prefetched rather than a URL the
  // navigation would not use. Only the status page has one today (routes/status.tsx: it reloads
  // after a post its expired link refused), and no route has a clientLoader.
  const samePage =
    page.pathname === current.pathname && page.search === current.search && page.hash === current.hash;
  const routes = matches.map((m) => manifest.routes[m.route.id]);
  let data: string | null = null;
  if (
    !samePage &&
    routes.some((r) => r?.hasLoader) &&
    !routes.some((r) => r?.hasClientLoader || options.revalidatingRouteIds.has(r?.id ?? ""))
  ) {
    const url = new URL(page.href);
    if (options.trailingSlashAware) url.pathname += url.pathname.endsWith("/") ? "_.data" : ".data";
    else url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
    data = url.pathname + url.search;
  }
  return { modules: [...modules], styles: [...styles], data };
}

let framework: Framework;
let router: Router;
let links: PrefetchLinks;
let observer: IntersectionObserver | null = null;
/** Pages seen but whose route React Router has not discovered yet. */
const waiting = new Set<string>();
/** Pages prefetched from this location; data is asked for again on the next page. */
let prefetchedHere = new Set<string>();
let location = "";
/** Modules and stylesheets asked for in this document. */
const asked = new Set<string>();
/** How many routes the manifest held when waiting pages were last matched. */
let knownRoutes = 0;

/** Starts watching the page's SiteLinks (once), for as long as the connection allows. */
export function startPrefetching(options: { framework: Framework; router: Router; links: PrefetchLinks }) {
  ({ framework, router, links } = options);
  location = router.state.location.pathname + router.state.location.search;
  knownRoutes = Object.keys(framework.manifest.routes).length;
  router.subscribe(routerChanged);
  links.watcher = {
    add: (link) => observer?.observe(link),
    remove: (link) => observer?.unobserve(link),
  };
  browserConnection()?.addEventListener?.("change", update);
  window.addEventListener("online", update);
  window.addEventListener("offline", update);
  update();
}

function browserConnection(): ConnectionInfo | undefined {
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

function allowed(): boolean {
  // Offline, a prefetch can only fail: links wait until the browser is back online.
  return navigator.onLine !== false && connectionAllowsPrefetch(browserConnection());
}

/** Watches the links while prefetching is allowed, stops when the connection says otherwise. */
function update() {
  if (!allowed()) {
    observer?.disconnect();
    observer = null;
    return;
  }
  if (observer) return;
  observer = new IntersectionObserver(seen);
  for (const link of links.all) observer.observe(link);
}

function seen(entries: IntersectionObserverEntry[]) {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    const link = entry.target as HTMLAnchorElement;
    observer?.unobserve(link);
    later(link.href);
  }
}

/** Pages to prefetch, one per task. */
const queue: string[] = [];
let draining = false;

/**
 * Matching a page's routes costs a few milliseconds on a phone (React Router ranks every route
 * each time), and a dozen links come into view at once: one page per idle callback keeps each
 * piece of work short, where all of them in the observer's callback made one long task.
 */
function later(href: string) {
  if (!queue.includes(href)) queue.push(href);
  if (draining) return;
  draining = true;
  nextIdle(drain);
}

function drain() {
  const href = queue.shift();
  if (href) prefetch(href);
  if (queue.length) nextIdle(drain);
  else draining = false;
}

function nextIdle(task: () => void) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(task, { timeout: 1000 });
  else window.setTimeout(task, 1);
}

function prefetch(href: string) {
  if (!allowed()) return;
  const page = new URL(href, window.location.href);
  if (page.origin !== window.location.origin) return;
  const key = page.pathname + page.search;
  if (prefetchedHere.has(key)) return;
  const state = router.state;
  const files = pagePrefetch({
    page,
    current: state.location,
    matches: matchRoutes(router.routes, page.pathname, router.basename) as RouteMatch[] | null,
    currentMatches: state.matches as RouteMatch[],
    manifest: framework.manifest,
    loadedRouteIds: new Set(Object.keys(framework.routeModules)),
    revalidatingRouteIds: new Set(
      Object.entries(framework.routeModules)
        .filter(([, module]) => module?.shouldRevalidate)
        .map(([id]) => id),
    ),
    trailingSlashAware: framework.future.v8_trailingSlashAwareDataRequests === true,
  });
  if (!files) {
    waiting.add(href);
    return;
  }
  waiting.delete(href);
  prefetchedHere.add(key);
  for (const module of files.modules) fetchOnce("modulepreload", module);
  for (const style of files.styles) fetchOnce("prefetch", style, "style");
  // Data is asked for again from each page (prefetchedHere): it may have changed since.
  if (files.data) append("prefetch", files.data, "fetch");
}

/** A module or stylesheet is fetched once per document, and never one the head already names. */
function fetchOnce(rel: string, href: string, as?: string) {
  if (asked.has(href) || document.head.querySelector(`link[href="${CSS.escape(href)}"]`)) return;
  asked.add(href);
  append(rel, href, as);
}

function append(rel: string, href: string, as?: string) {
  const link = document.createElement("link");
  link.rel = rel;
  link.href = href;
  if (as) link.as = as;
  document.head.append(link);
}

/** React Router tells its subscribers when it learns routes and when the page changes. */
function routerChanged() {
  const here = router.state.location.pathname + router.state.location.search;
  if (here !== location) {
    location = here;
    prefetchedHere = new Set();
    waiting.clear();
  }
  // Waiting pages are matched again only once React Router has learnt routes (its manifest
  // grows), not on every navigation or fetcher update.
  const known = Object.keys(framework.manifest.routes).length;
  if (known === knownRoutes) return;
  knownRoutes = known;
  for (const href of waiting) later(href);
}
