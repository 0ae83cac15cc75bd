import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { SiteLink } from "~/platform/http/prefetch";
import { splitLanguage } from "~/platform/i18n/languages";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useHydrated } from "~/ui/use-hydrated";
import {
  type InternalNavLink,
  isInSection,
  primaryAfter,
  primaryBefore,
  workLink,
  workSubmenu,
} from "./site-links";

/** Time the pointer may leave the item before the submenu closes, so diagonal moves work. */
const hoverCloseDelayMs = 180;

/**
 * The full menu at 970 px and wider (docs/requirements.md#navigation-and-layout). "Work at the
 * studio" is a link to the careers page plus a disclosure button for its submenu (the APG
 * disclosure-navigation pattern): the submenu opens on hover and when focus enters the item, the
 * button toggles it for keyboard and touch, Escape closes it and returns focus to the button.
 * Without JavaScript, CSS (:hover, :focus-within) opens it, so nothing depends on a script.
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
  // After Escape, focus stays in the item: keep the submenu shut until focus leaves.
  const dismissed = useRef(false);

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // A navigation (including from inside the submenu) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change.
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

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
    if (event.pointerType !== "mouse") return;
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
      setOpen(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === "Escape" && open) {
      event.stopPropagation();
      dismissed.current = true;
      setOpen(false);
      buttonRef.current?.focus();
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
            onClick={() => {
              dismissed.current = false;
              setOpen((value) => !value);
            }}
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
