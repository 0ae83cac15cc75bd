import { type ContextType, createElement, useContext, useEffect } from "react";
import { Link, type LinkProps, UNSAFE_DataRouterContext, UNSAFE_FrameworkContext } from "react-router";

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

export type Framework = NonNullable<ContextType<typeof UNSAFE_FrameworkContext>>;
export type Router = NonNullable<ContextType<typeof UNSAFE_DataRouterContext>>["router"];

/** Every SiteLink in the document; the prefetcher, once loaded, watches them as they come and go. */
export type PrefetchLinks = {
  all: Set<HTMLAnchorElement>;
  watcher: { add(link: HTMLAnchorElement): void; remove(link: HTMLAnchorElement): void } | null;
};
const links: PrefetchLinks = { all: new Set(), watcher: null };

let started = false;
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
  if (typeof window.requestIdleCallback === "function") {
    window.requestIdleCallback(idlePassed, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  } else {
    // Safari has no requestIdleCallback: after the load event is the closest idle moment.
    const later = () => window.setTimeout(idlePassed, 1);
    if (document.readyState === "complete") later();
    else window.addEventListener("load", later, { once: true });
  }
}

/**
 * Rendered once by the document (root.tsx): at the page's first idle moment, loads the
 * prefetcher and hands it the router, its manifest and the page's links. A page that cannot
 * load it (offline) simply does not prefetch.
 */
export function LinkPrefetching() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    if (!framework || !dataRouter || links.watcher) return;
    const router = dataRouter.router;
    void pageIdle()
      .then(() => import("./link-prefetcher"))
      .then(({ startPrefetching }) => {
        if (!links.watcher) startPrefetching({ framework, router, links });
      })
      .catch(() => {});
  }, [framework, dataRouter]);
  return null;
}

/** Registers a SiteLink's anchor for as long as it is in the document (a stable ref callback). */
function watch(link: HTMLAnchorElement | null) {
  if (!link) return;
  links.all.add(link);
  links.watcher?.add(link);
  return () => {
    links.all.delete(link);
    links.watcher?.remove(link);
  };
}

/**
 * An address React Router's <Link> writes out unchanged on the server: a path from the site's
 * root with no empty, "." or ".." segment, no trailing slash (but "/"), no backslash, and a
 * non-empty query and fragment when there is one. Anything else (relative, external, odd) is
 * left to <Link>.
 */
const plainPath =
  /^(?:\/(?!\.\.?(?:[/?#]|$))[\w\-.~%!$&'()*+,;=:@]+)+(?:\?[^#\s\\]+)?(?:#[^\s\\]+)?$|^\/(?:\?[^#\s\\]+)?(?:#[^\s\\]+)?$/;

/** <Link>'s props that change its markup, or its address, in ways the server's anchor does not copy. */
const linkOnlyProps = new Set(["discover", "prefetch", "reloadDocument", "relative", "mask"]);

/**
 * <Link>'s props the server's anchor does not copy: those that act only in the browser (navigation
 * and its state), and `to` and `target`, which it writes itself after the others (as <Link> does).
 */
const browserOnlyProps = new Set([
  "to",
  "target",
  "replace",
  "state",
  "preventScrollReset",
  "viewTransition",
  "onClick",
  "defaultShouldRevalidate",
]);

/**
 * The anchor <Link> renders on the server, for a SiteLink whose address it writes unchanged;
 * null for any other. On the server a link never navigates or prefetches, and <Link> spends
 * its time resolving the address against the router's matches (a careers page has ~60 links):
 * rendering their anchors directly served 5-9 % more pages a second (careers, a job, home;
 * bench/README.md). The browser renders <Link> itself, whose anchor is the same, so hydration
 * finds what it expects (prefetch.test.ts checks the two against each other). The props are
 * copied in one loop: an object rest pattern and a spread cost some 4 µs a link, 0.2 ms of a
 * careers render.
 */
export function serverAnchorProps(props: LinkProps): Record<string, unknown> | null {
  const { to } = props;
  if (typeof to !== "string" || !plainPath.test(to)) return null;
  const anchor: Record<string, unknown> = {};
  for (const name in props) {
    if (linkOnlyProps.has(name)) return null;
    if (!browserOnlyProps.has(name)) anchor[name] = props[name as keyof LinkProps];
  }
  anchor.href = to;
  anchor.target = props.target;
  anchor["data-discover"] = "true";
  return anchor;
}

/** A <Link> whose page is prefetched when the visitor can see it and the browser is idle. */
export function SiteLink(props: LinkProps) {
  if (import.meta.env.SSR) {
    const anchor = serverAnchorProps(props);
    if (anchor) return createElement("a", anchor);
  }
  return createElement(Link, { ...props, ref: watch });
}
