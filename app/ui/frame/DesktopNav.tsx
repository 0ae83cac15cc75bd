import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useLocation } from "react-router";
import { SiteLink } from "~/platform/http/prefetch";
import { splitLanguage } from "~/platform/i18n/languages";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useHydrated } from "~/ui/use-hydrated";
import {
  hoverCloseDelayMs,
  type InternalNavLink,
  isInSection,
  primaryAfter,
  primaryBefore,
  workLink,
  workSubmenu,
} from "./site-links";

/**
 * The full menu at 970 px and wider (docs/requirements.md#navigation-and-layout). "Work at the
 * studio" is a link to the careers page plus a disclosure button for its submenu (the APG
 * disclosure-navigation pattern). Hover (a mouse) and keyboard focus entering the item open it
 * for a while; the button pins it: a click, tap, Enter or Space on the button when the submenu is
 * shut, or only open for the hover or the focus, leaves it open (it never closes what the visitor
 * has just seen open), and the same on a pinned submenu closes it. Escape closes it and returns
 * focus to the button; a press outside it or focus leaving it closes it too. Without JavaScript,
 * CSS (:hover, :focus-within) opens it, so nothing depends on a script.
 */
export function DesktopNav() {
  const { t } = useTranslation("layout");
  const localize = useLocalizePath();
  const { pathname } = useLocation();
  const englishPath = splitLanguage(pathname).path;
  const submenuId = useId();
  const [open, setOpen] = useState(false);
  const enhanced = useHydrated();
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRef = useRef<HTMLLIElement>(null);
  // After Escape, focus stays in the item: keep the submenu shut until focus leaves.
  const dismissed = useRef(false);
  // Opened by the button (click, tap, Enter, Space): stays open when the pointer leaves.
  const [pinned, setPinned] = useState(false);

  const close = useCallback(() => {
    clearTimeout(closeTimer.current);
    setPinned(false);
    setOpen(false);
  }, []);

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // A navigation (including from inside the submenu) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change.
  useEffect(() => {
    close();
  }, [pathname]);
  // A pinned submenu closes on a press anywhere else (Safari does not focus a clicked button, so
  // focus leaving the item is not enough).
  useEffect(() => {
    if (!pinned) return;
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!itemRef.current?.contains(event.target as Node | null)) close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [pinned, close]);

  const show = () => {
    clearTimeout(closeTimer.current);
    if (!dismissed.current) setOpen(true);
  };
  // Hover means a mouse: a touch "hover" comes right before the tap that toggles the button,
  // and opening on it would make that tap close the submenu again.
  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === "mouse") show();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== "mouse" || pinned) return;
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), hoverCloseDelayMs);
  };
  // Likewise only keyboard focus opens it; a click's focus leaves it to the click.
  const onFocus = (event: FocusEvent<HTMLLIElement>) => {
    if ((event.target as Element).matches(":focus-visible")) show();
  };
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      dismissed.current = false;
      close();
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      dismissed.current = true;
      close();
      buttonRef.current?.focus();
    }
  };
  // The button (mouse, touch, Enter and Space all arrive as a click): shut or only shown for the
  // hover or the focus, it pins the submenu open; pinned, it closes it.
  const onToggle = () => {
    dismissed.current = false;
    clearTimeout(closeTimer.current);
    if (open && pinned) {
      close();
    } else {
      setPinned(true);
      setOpen(true);
    }
  };

  const item = (link: InternalNavLink) => {
    const current = isInSection(englishPath, link);
    return (
      <li key={link.key} className="primary-nav__item">
        <SiteLink
          to={localize(link.path)}
          className="primary-nav__link"
          aria-current={current ? (englishPath === link.path ? "page" : "true") : undefined}
        >
          {t(`nav.${link.key}`)}
        </SiteLink>
      </li>
    );
  };

  const workCurrent = isInSection(englishPath, workLink);
  return (
    <nav className="primary-nav" aria-label={t("nav.primaryLabel")} data-enhanced={enhanced || undefined}>
      <ul className="primary-nav__list">
        {primaryBefore.map(item)}
        <li
          className="primary-nav__item primary-nav__item--has-submenu"
          ref={itemRef}
          data-open={open || undefined}
          onPointerEnter={onPointerEnter}
          onPointerLeave={onPointerLeave}
          onFocus={onFocus}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        >
          <SiteLink
            to={localize(workLink.path)}
            className="primary-nav__link"
            aria-current={workCurrent ? (englishPath === workLink.path ? "page" : "true") : undefined}
          >
            {t("nav.work")}
          </SiteLink>
          <button
            ref={buttonRef}
            type="button"
            className="primary-nav__toggle"
            aria-expanded={open}
            aria-controls={submenuId}
            aria-label={t("nav.showSubmenu", { name: t("nav.work") })}
            onClick={onToggle}
          >
            <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
              <path d="m2.5 4.5 3.5 3.5 3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.75" />
            </svg>
          </button>
          <ul id={submenuId} className="submenu" aria-label={t("nav.workSubmenu")}>
            {workSubmenu.map((link) => (
              <li key={link.key}>
                <SiteLink
                  to={localize(link.path)}
                  className="submenu__link"
                  aria-current={englishPath === link.path ? "page" : undefined}
                >
                  <span className="submenu__title">{t(`nav.${link.key}`)}</span>
                  <span className="submenu__hint">{t(`nav.${link.key}Hint`)}</span>
                </SiteLink>
              </li>
            ))}
          </ul>
        </li>
        {primaryAfter.map(item)}
      </ul>
    </nav>
  );
}
