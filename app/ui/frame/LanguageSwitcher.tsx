import { useLocation, useMatches } from "react-router";
import { SiteLink } from "~/platform/http/prefetch";
import { useTranslation } from "~/platform/i18n/use-translation";
import { languageLinks, offeredLanguages } from "./language-links";

/**
 * Links to this page in each offered language. Links (not a select) so it works without
 * JavaScript, each language is one Tab stop, and crawlers find every alternate. With
 * JavaScript it is a client navigation: routes/lang.tsx loads the new language's catalogs
 * before the page renders, and the root loader re-runs so <html lang> follows.
 */
export function LanguageSwitcher({ className, landmark = true }: { className?: string; landmark?: boolean }) {
  const { t } = useTranslation("layout");
  const location = useLocation();
  const links = languageLinks(location, offeredLanguages(useMatches()));
  // Inside another landmark (the footer) a labelled group avoids a second "Language" landmark.
  const Wrapper = landmark ? "nav" : "div";
  return (
    <Wrapper
      className={className ? `language-switcher ${className}` : "language-switcher"}
      aria-label={t("language.label")}
      role={landmark ? undefined : "group"}
    >
      <svg className="language-switcher__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="7.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path
          d="M2.75 10h14.5M10 2.75c2 2 3 4.5 3 7.25s-1 5.25-3 7.25c-2-2-3-4.5-3-7.25s1-5.25 3-7.25Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
      </svg>
      <ul className="language-switcher__list">
        {links.map((link) => (
          <li key={link.lang}>
            <SiteLink
              to={link.href}
              hrefLang={link.tag}
              lang={link.tag}
              aria-current={link.current ? "true" : undefined}
              className="language-switcher__link"
            >
              {/* The visible code starts the accessible name (WCAG 2.5.3); the name follows. */}
              <span className="language-switcher__code">{link.lang.toUpperCase()}</span>
              <span className="visually-hidden"> {link.name}</span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </Wrapper>
  );
}
