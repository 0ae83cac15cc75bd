import { type ContextType, createElement, useContext, useEffect } from "react";
import {
  Link,
  type LinkProps,
  matchRoutes,
  UNSAFE_DataRouterContext,
  UNSAFE_FrameworkContext,
} from "react-router";

/**
 * Link prefetching (docs/requirements.md#navigation-and-layout; decision 0036): once the browser
 * is idle after the page has hydrated (requestIdleCallback, 2000 ms timeout), the pages of the
 * links the visitor can see are prefetched (their code, stylesheets and data), the others when
 * scrolled to; never on 2g or data-saver connections, nor offline.
 *
 * Why not React Router's own `prefetch="viewport"`: it renders, for each visible link, a
 * `<link rel="modulepreload">` for its page's module and every module that one imports, with
 * no dedupe across links and none for modules the page already runs. A phone-sized job page
 * had ~220 of them inserted into the head at its first idle moment (7-8 copies of the frame's
 * modules), and every link re-rendered to switch prefetching on: Lighthouse counted 150-300 ms
 * of blocking time for it. It also imports each target's route module (to read its links()),
 * which runs that page's code, and reloads the page when the import fails. Here one
 * IntersectionObserver watches every SiteLink, each page is prefetched once and each file asked
 * for once, from the route manifest and matching React Router itself uses; nothing is
 * imported, so a connection that drops costs a failed prefetch, not a reload.
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

type Framework = NonNullable<ContextType<typeof UNSAFE_FrameworkContext>>;
type Router = NonNullable<ContextType<typeof UNSAFE_DataRouterContext>>["router"];
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

  // The data of every route with a loader, as the navigation will ask for it (no route here
  // has a clientLoader or a shouldRevalidate, which would narrow it to some routes).
  const samePage =
    page.pathname === current.pathname && page.search === current.search && page.hash === current.hash;
  let data: string | null = null;
  if (!samePage && matches.some((m) => manifest.routes[m.route.id]?.hasLoader)) {
    const url = new URL(page.href);
    if (options.trailingSlashAware) url.pathname += url.pathname.endsWith("/") ? "_.data" : ".data";
    else url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
    data = url.pathname + url.search;
  }
  return { modules: [...modules], styles: [...styles], data };
}

let framework: Framework | null = null;
let router: Router | null = null;
let idleReached = false;
let started = false;
let observer: IntersectionObserver | null = null;
/** Every SiteLink on the page, watched while prefetching is allowed. */
const links = new Set<HTMLAnchorElement>();
/** Pages seen but whose route React Router has not discovered yet. */
const waiting = new Set<string>();
/** Pages prefetched from this location; data is asked for again on the next page. */
let prefetchedHere = new Set<string>();
let location = "";
/** Files asked for in this document: a module or stylesheet is fetched once. */
const asked = new Set<string>();

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

function browserConnection(): ConnectionInfo | undefined {
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

function allowed(): boolean {
  // Offline, a prefetch can only fail: links wait until the browser is back online.
  return idleReached && navigator.onLine !== false && connectionAllowsPrefetch(browserConnection());
}

/** Watches the links while prefetching is allowed, stops when the connection says otherwise. */
function update() {
  if (!allowed() || !framework || !router) {
    observer?.disconnect();
    observer = null;
    return;
  }
  if (observer) return;
  observer = new IntersectionObserver(seen);
  for (const link of links) observer.observe(link);
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
  if (!framework || !router || !allowed()) return;
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
    trailingSlashAware: framework.future.v8_trailingSlashAwareDataRequests === true,
  });
  if (!files) {
    waiting.add(href);
    return;
  }
  waiting.delete(href);
  prefetchedHere.add(key);
  for (const module of files.modules) add("modulepreload", module);
  for (const style of files.styles) add("prefetch", style, "style");
  if (files.data) add("prefetch", files.data, "fetch", false);
}

function add(rel: string, href: string, as?: string, once = true) {
  if (once && (asked.has(href) || document.head.querySelector(`link[href="${CSS.escape(href)}"]`))) return;
  asked.add(href);
  const link = document.createElement("link");
  link.rel = rel;
  link.href = href;
  if (as) link.as = as;
  document.head.append(link);
}

/** React Router tells its subscribers when it learns routes and when the page changes. */
function routerChanged() {
  if (!router) return;
  const here = router.state.location.pathname + router.state.location.search;
  if (here !== location) {
    location = here;
    prefetchedHere = new Set();
    waiting.clear();
  }
  for (const href of waiting) later(href);
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

/**
 * Rendered once by the document (root.tsx): hands the router and its manifest to the
 * prefetcher, and starts waiting for the idle moment.
 */
export function LinkPrefetching() {
  const frameworkContext = useContext(UNSAFE_FrameworkContext);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    if (!frameworkContext || !dataRouter) return;
    framework = frameworkContext;
    router = dataRouter.router;
    location = router.state.location.pathname + router.state.location.search;
    const unsubscribe = router.subscribe(routerChanged);
    start();
    update();
    return unsubscribe;
  }, [frameworkContext, dataRouter]);
  return null;
}

/** Registers a SiteLink's anchor for as long as it is in the document (a stable ref callback). */
function watch(link: HTMLAnchorElement | null) {
  if (!link) return;
  links.add(link);
  observer?.observe(link);
  return () => {
    links.delete(link);
    observer?.unobserve(link);
  };
}

/** A <Link> whose page is prefetched when the visitor can see it and the browser is idle. */
export function SiteLink(props: LinkProps) {
  return createElement(Link, { ...props, ref: watch });
}
