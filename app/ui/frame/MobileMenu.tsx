import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { pageIdle } from "~/platform/http/prefetch";
import { useTranslation } from "~/platform/i18n/use-translation";
import { loadOnce } from "~/platform/settled-promise";
import { useHydrated } from "~/ui/use-hydrated";
import { siteMapId } from "./site-links";

const layerId = "mobile-menu";

/** The layer's code, fetched once; again after a failure (a connection lost). */
const loadLayer = loadOnce(() => import("./MobileMenuLayer"));
const preloadLayer = () => {
  loadLayer().catch(() => {});
};
// Rendered only once its code is there (the hamburger waits for it), so it never suspends long
// and never fails.
const MobileMenuLayer = lazy(loadLayer);

/**
 * The menu below 970 px (docs/requirements.md#navigation-and-layout): a hamburger that opens a
 * slide-down layer with a close button and a three-slide carousel (MobileMenuLayer.tsx). The
 * layer exists only while it is open: the document, its hydration and every server render carry
 * none of its hundred-odd elements, and its code comes when the browser is first idle after the
 * page hydrated, or when the hamburger is first pointed at, focused or pressed.
 *
 * Escape and the close button close it and return focus to the hamburger; a route change closes
 * it (focus then goes to the new page, see SiteScrollRestoration).
 *
 * Without JavaScript, and before the page's script has run, the hamburger is a link to the
 * footer's site map (SiteFooter.tsx), which holds every destination of the menu: a layer the
 * server sent on every page for the few visitors without scripts would cost every other visitor
 * its elements. Once the script runs it is a real button driven by state.
 */
export function MobileMenu() {
  const { t } = useTranslation("layout");
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const enhanced = useHydrated();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Any navigation closes the menu, a link to the page already shown included (new key).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation.
  useLayoutEffect(() => {
    returnFocus.current = false;
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    if (!open && returnFocus.current) toggleRef.current?.focus();
    returnFocus.current = false;
  }, [open]);

  useEffect(() => {
    void pageIdle().then(preloadLayer);
  }, []);

  const content = (
    <>
      <HamburgerIcon />
      <span className="menu-toggle__text">{t("menu.open")}</span>
    </>
  );
  if (!enhanced) {
    return (
      <a className="menu-toggle" href={`#${siteMapId}`}>
        {content}
      </a>
    );
  }
  return (
    <>
      <button
        ref={toggleRef}
        type="button"
        className="menu-toggle"
        aria-expanded={open}
        aria-controls={open ? layerId : undefined}
        onPointerEnter={preloadLayer}
        onFocus={preloadLayer}
        onClick={() =>
          loadLayer().then(
            () => setOpen(true),
            // Its code did not come (offline): the footer's site map holds the same links.
            () => document.getElementById(siteMapId)?.scrollIntoView(),
          )
        }
      >
        {content}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenuLayer
            id={layerId}
            onClose={(andReturnFocus) => {
              returnFocus.current = andReturnFocus;
              setOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function HamburgerIcon() {
  return (
    <svg
      className="menu-toggle__icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M4 7h16M4 12h16M4 17h10"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
