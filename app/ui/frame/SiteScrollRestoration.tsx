import { useEffect, useLayoutEffect, useRef } from "react";
import { type Location, ScrollRestoration, useLocation, useNavigationType } from "react-router";
import { scrollToElement, smoothScrollDurationMs } from "./scroll-to-element";

/**
 * Anchors the page animates to about a second after arriving
 * (docs/requirements.md#navigation-and-layout).
 */
export const animatedAnchors: ReadonlySet<string> = new Set(["games", "js-careers"]);
const anchorDelayMs = 1000;

/** The location on screen, as last committed (browser only; the server never sets it). */
let shown: Pick<Location, "key" | "pathname" | "search" | "hash"> | undefined;

/**
 * React Router restores a saved position when the key of the new location has one. A change of
 * the query alone (the careers filters mirror themselves into it) reuses the key of the page on
 * screen, whose position the router saved as the navigation began: the page stays where it is
 * instead of jumping to the top. Everything else keys by history entry, so a new page starts at
 * the top and Back returns to where the visitor was.
 */
export function scrollKey(location: Pick<Location, "key" | "pathname" | "search" | "hash">): string {
  if (
    shown &&
    shown.key !== location.key &&
    shown.pathname === location.pathname &&
    shown.search !== location.search &&
    !location.hash
  ) {
    return shown.key;
  }
  return location.key;
}

/**
 * The site's scroll and focus behaviour on navigation, in place of React Router's bare
 * <ScrollRestoration/>:
 * - a new page starts at the top; Back/Forward restore; a query-only change stays put;
 * - #games and #js-careers: a new page opens at the top and animates to the anchor after about
 *   1 s (1000 ms smooth scroll, docs/requirements.md#navigation-and-layout); on the same page it
 *   animates at once;
 * - keyboard focus moves to <main> on a new page, so screen readers start at the content and
 *   the next Tab does not start from a link that no longer exists.
 */
export function SiteScrollRestoration() {
  return (
    <>
      <ScrollRestoration getKey={scrollKey} />
      <NavigationEffects />
    </>
  );
}

function NavigationEffects() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<Location | null>(null);
  const lastScrollY = useRef(0);
  const anchorTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const track = () => {
      lastScrollY.current = window.scrollY;
    };
    track();
    window.addEventListener("scroll", track, { passive: true });
    return () => {
      window.removeEventListener("scroll", track);
      clearTimeout(anchorTimer.current);
    };
  }, []);

  // A layout effect placed after <ScrollRestoration/>: it runs after the router has scrolled and
  // before the browser paints, so overriding that scroll never shows.
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = location;
    shown = location;
    // First render: the browser has already placed the page (and jumped to any anchor).
    if (!before || before.key === location.key) return;
    clearTimeout(anchorTimer.current);

    const samePage = before.pathname === location.pathname;
    const anchor = decodeURIComponent(location.hash.slice(1));
    if (animatedAnchors.has(anchor) && navigationType !== "POP") {
      window.scrollTo({ top: samePage ? lastScrollY.current : 0, behavior: "instant" });
      anchorTimer.current = setTimeout(
        () => void scrollToElement(anchor, smoothScrollDurationMs),
        samePage ? 0 : anchorDelayMs,
      );
      return;
    }
    if (!samePage && !location.hash) {
      const main = document.getElementById("main");
      if (main) {
        if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
        main.focus({ preventScroll: true });
      }
    }
  }, [location, navigationType]);

  return null;
}
