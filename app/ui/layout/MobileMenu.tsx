import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { SiteLink } from "~/platform/http/prefetch";
import { splitLanguage } from "~/platform/i18n/languages";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useHydrated } from "~/ui/use-hydrated";
import { ExternalLink } from "./ExternalLink";
import { trapTabKey } from "./focus-trap";
import { inertOutside } from "./inert-outside";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { MenuCarousel } from "./MenuCarousel";
import { menuSlides } from "./menu-slides";
import {
  accountLinks,
  isInSection,
  paths,
  primaryAfter,
  primaryBefore,
  workLink,
  workSubmenu,
} from "./site-links";
import { useStudio } from "./use-studio";

const layerId = "mobile-menu";
const desktopQuery = "(min-width: 970px)";

/**
 * The menu below 970 px (docs/requirements.md#navigation-and-layout): a hamburger that opens a
 * slide-down layer with a close button and a three-slide carousel. While open the layer is modal:
 * focus moves into it, Tab stays in it, the rest of the page is inert and does not scroll. Escape
 * and the close button close it and return focus to the hamburger; a route change closes it (focus
 * then goes to the new page, see SiteScrollRestoration).
 *
 * Without JavaScript: the server renders the hamburger as a link to #mobile-menu and the close
 * control as a link to #, and CSS shows the layer while it is the :target. A checkbox hack would
 * put an unlabelled form control in the header, and <details> cannot be a modal layer; a
 * fragment link is plain navigation every browser and screen reader understands. Once the
 * script runs, both become real buttons driven by state.
 */
export function MobileMenu() {
  const { t } = useTranslation("layout");
  const studio = useStudio();
  const localize = useLocalizePath();
  const location = useLocation();
  const englishPath = splitLanguage(location.pathname).path;
  const [open, setOpen] = useState(false);
  const enhanced = useHydrated();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  // Undoes what opening did (inert page, scroll lock); safe to call twice.
  const release = useRef<() => void>(undefined);

  // Any navigation closes the menu, a link to the page already shown included (new key). A
  // layout effect that releases the page at once: the new page's focus handling
  // (SiteScrollRestoration, later in the same commit) must find <main> no longer inert.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation.
  useLayoutEffect(() => {
    release.current?.();
    returnFocus.current = false;
    setOpen(false);
  }, [location.key]);

  useEffect(() => {
    // The hamburger was tapped before the script ran: keep the menu open, drop the fragment.
    if (window.location.hash === `#${layerId}`) {
      window.history.replaceState(
        window.history.state,
        "",
        window.location.pathname + window.location.search,
      );
      setOpen(true);
    }
  }, []);

  useEffect(() => {
    const layer = layerRef.current;
    if (!open || !layer) {
      if (returnFocus.current) toggleRef.current?.focus();
      returnFocus.current = false;
      return;
    }
    const restoreInert = inertOutside(layer);
    const root = document.documentElement;
    const previousOverflow = root.style.overflow;
    root.style.overflow = "hidden";
    let released = false;
    release.current = () => {
      if (released) return;
      released = true;
      root.style.overflow = previousOverflow;
      restoreInert();
    };
    closeRef.current?.focus();

    const closeAndReturn = () => {
      returnFocus.current = true;
      setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        closeAndReturn();
      } else {
        trapTabKey(event, layer);
      }
    };
    // Widening the window past the breakpoint swaps in the desktop menu: close this one.
    const desktop = window.matchMedia(desktopQuery);
    const onWiden = () => desktop.matches && setOpen(false);
    document.addEventListener("keydown", onKeyDown);
    desktop.addEventListener("change", onWiden);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      desktop.removeEventListener("change", onWiden);
      release.current?.();
    };
  }, [open]);

  const label = (key: string) => t(`nav.${key}`);
  const current = (path: string) => (englishPath === path ? "page" : undefined);

  return (
    <>
      {enhanced ? (
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={layerId}
          onClick={() => setOpen(true)}
        >
          <HamburgerIcon />
          <span className="menu-toggle__text">{t("menu.open")}</span>
        </button>
      ) : (
        <a className="menu-toggle" href={`#${layerId}`}>
          <HamburgerIcon />
          <span className="menu-toggle__text">{t("menu.open")}</span>
        </a>
      )}

      <div
        id={layerId}
        ref={layerRef}
        className="mobile-menu"
        data-open={open || undefined}
        role="dialog"
        aria-modal="true"
        aria-label={t("menu.dialogLabel")}
      >
        <div className="mobile-menu__panel">
          <div className="mobile-menu__top">
            <p className="mobile-menu__heading" aria-hidden="true">
              {t("menu.open")}
            </p>
            {enhanced ? (
              <button
                ref={closeRef}
                type="button"
                className="mobile-menu__close"
                aria-label={t("menu.closeLabel")}
                onClick={() => {
                  returnFocus.current = true;
                  setOpen(false);
                }}
              >
                <CloseIcon />
                <span aria-hidden="true">{t("menu.close")}</span>
              </button>
            ) : (
              <a className="mobile-menu__close" href="#top" aria-label={t("menu.closeLabel")}>
                <CloseIcon />
                <span aria-hidden="true">{t("menu.close")}</span>
              </a>
            )}
          </div>

          <nav className="mobile-nav" aria-label={t("menu.explore")}>
            <ul className="mobile-nav__list">
              {primaryBefore.map((link) => (
                <li key={link.key}>
                  <SiteLink
                    className="mobile-nav__link"
                    to={localize(link.path)}
                    aria-current={current(link.path)}
                  >
                    {label(link.key)}
                  </SiteLink>
                </li>
              ))}
              <li>
                <SiteLink
                  className="mobile-nav__link"
                  to={localize(workLink.path)}
                  aria-current={
                    isInSection(englishPath, workLink) ? (current(workLink.path) ?? "true") : undefined
                  }
                >
                  {label(workLink.key)}
                </SiteLink>
                <ul className="mobile-nav__sublist" aria-label={t("nav.workSubmenu")}>
                  {workSubmenu.map((link) => (
                    <li key={link.key}>
                      <SiteLink
                        className="mobile-nav__sublink"
                        to={localize(link.path)}
                        aria-current={current(link.path)}
                      >
                        {label(link.key)}
                      </SiteLink>
                    </li>
                  ))}
                </ul>
              </li>
              {[...primaryAfter, { key: "support", path: paths.support }].map((link) => (
                <li key={link.key}>
                  <SiteLink
                    className="mobile-nav__link"
                    to={localize(link.path)}
                    aria-current={current(link.path)}
                  >
                    {label(link.key)}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </nav>

          <div className="mobile-menu__account">
            <SiteLink className="button button--ghost" to={localize(accountLinks.login.path)}>
              {label(accountLinks.login.key)}
            </SiteLink>
            <SiteLink className="button button--primary" to={localize(accountLinks.create.path)}>
              {label(accountLinks.create.key)}
            </SiteLink>
          </div>

          {studio ? (
            <nav className="mobile-menu__external" aria-label={t("menu.more")}>
              <ul>
                <li>
                  <ExternalLink href={studio.website}>{label("mainSite")}</ExternalLink>
                </li>
                <li>
                  <ExternalLink href={studio.forumsUrl}>{label("forums")}</ExternalLink>
                </li>
                <li>
                  <ExternalLink href={studio.businessUrl}>{label("business")}</ExternalLink>
                </li>
              </ul>
            </nav>
          ) : null}

          <LanguageSwitcher className="mobile-menu__languages" />

          <MenuCarousel slides={menuSlides} />
        </div>
      </div>
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

function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="m6 6 12 12M18 6 6 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
