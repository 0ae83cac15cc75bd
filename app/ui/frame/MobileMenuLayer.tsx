import { useLayoutEffect, useRef } from "react";
import { useLocation } from "react-router";
import { SiteLink } from "~/platform/http/prefetch";
import { splitLanguage } from "~/platform/i18n/languages";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { desktopMenuQuery } from "~/ui/styles/breakpoints";
import { AccountPart } from "./account-slot";
import { ExternalLink } from "./ExternalLink";
import { trapTabKey } from "./focus-trap";
import { inertOutside } from "./inert-outside";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { MenuCarousel } from "./MenuCarousel";
import { menuSlides } from "./menu-slides";
import {
  accountLinks,
  type InternalNavLink,
  isInSection,
  paths,
  primaryAfter,
  primaryBefore,
  studioSites,
  workLink,
  workSubmenu,
} from "./site-links";
import { useStudio } from "./use-studio";

/**
 * The open mobile menu (MobileMenu.tsx): it exists only while open, so a page's document, its
 * hydration and every server render carry none of its hundred-odd elements, and its code loads
 * when the browser is idle. Mounted, it is modal: focus moves onto its close button, Tab stays in
 * it, the rest of the page is inert and does not scroll. Escape and the close button call
 * `onClose(true)` (focus goes back to the hamburger); widening the window past the breakpoint,
 * where the desktop menu takes over, calls `onClose(false)`.
 */
export default function MobileMenuLayer({
  id,
  onClose,
}: {
  id: string;
  onClose: (returnFocus: boolean) => void;
}) {
  const { t } = useTranslation("layout");
  const studio = useStudio();
  const localize = useLocalizePath();
  const location = useLocation();
  const englishPath = splitLanguage(location.pathname).path;
  const layerRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // The latest callback, without the effect below running again when it changes.
  const close = useRef(onClose);
  close.current = onClose;

  // Undoes what opening did (inert page, scroll lock); safe to call twice.
  const release = useRef<() => void>(undefined);
  useLayoutEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
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
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close.current(true);
      } else {
        trapTabKey(event, layer);
      }
    };
    const desktop = window.matchMedia(desktopMenuQuery);
    const onWiden = () => desktop.matches && close.current(false);
    document.addEventListener("keydown", onKeyDown);
    desktop.addEventListener("change", onWiden);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      desktop.removeEventListener("change", onWiden);
      release.current?.();
    };
  }, []);

  // A navigation closes the layer (MobileMenu), but the new page's focus handling
  // (SiteScrollRestoration, later in the navigation's commit) must already find <main> no longer
  // inert: released here, in that commit, before the layer unmounts in the next.
  const openedAt = useRef(location.key);
  useLayoutEffect(() => {
    if (location.key !== openedAt.current) release.current?.();
  }, [location.key]);

  const label = (key: string) => t(`nav.${key}`);
  const current = (path: string) => (englishPath === path ? "page" : undefined);
  const items = (links: readonly InternalNavLink[], className: string) =>
    links.map((link) => (
      <li key={link.key}>
        <SiteLink className={className} to={localize(link.path)} aria-current={current(link.path)}>
          {label(link.key)}
        </SiteLink>
      </li>
    ));

  return (
    <div
      id={id}
      ref={layerRef}
      className="mobile-menu"
      data-open
      role="dialog"
      aria-modal="true"
      aria-label={t("menu.dialogLabel")}
    >
      <div className="mobile-menu__panel">
        <div className="mobile-menu__top">
          <p className="mobile-menu__heading" aria-hidden="true">
            {t("menu.open")}
          </p>
          <button
            ref={closeRef}
            type="button"
            className="mobile-menu__close"
            aria-label={t("menu.closeLabel")}
            onClick={() => onClose(true)}
          >
            <CloseIcon />
            <span aria-hidden="true">{t("menu.close")}</span>
          </button>
        </div>

        <nav className="mobile-nav" aria-label={t("menu.explore")}>
          <ul className="mobile-nav__list">
            {items(primaryBefore, "mobile-nav__link")}
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
                {items(workSubmenu, "mobile-nav__sublink")}
              </ul>
            </li>
            {items([...primaryAfter, { key: "support", path: paths.support }], "mobile-nav__link")}
          </ul>
        </nav>

        <div className="mobile-menu__account">
          <AccountPart
            placement="menu"
            fallback={
              <>
                <SiteLink className="button button--ghost" to={localize(accountLinks.account.path)}>
                  {label(accountLinks.account.key)}
                </SiteLink>
                <SiteLink className="button button--primary" to={localize(accountLinks.create.path)}>
                  {label(accountLinks.create.key)}
                </SiteLink>
              </>
            }
          />
        </div>

        {studio ? (
          <nav className="mobile-menu__external" aria-label={t("menu.more")}>
            <ul>
              {studioSites(studio).map((site) => (
                <li key={site.key}>
                  <ExternalLink href={site.href}>{label(site.key)}</ExternalLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        <LanguageSwitcher className="mobile-menu__languages" />

        <MenuCarousel slides={menuSlides} />
      </div>
    </div>
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
