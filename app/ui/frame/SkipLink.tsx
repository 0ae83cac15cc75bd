import { useTranslation } from "~/platform/i18n/use-translation";
import { cookieSettingsQuery } from "./SiteFooter";

/**
 * The skip links, first in every page after the cookie banner: past the header to
 * `<main id="main">`, and to the cookie settings (the footer's link, reachable here without
 * tabbing through the page; the consent feature opens the banner in place and focuses it).
 */
export function SkipLink() {
  const { t } = useTranslation("layout");
  return (
    <>
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <a className="skip-link" href={`?${cookieSettingsQuery}`}>
        {t("skipToCookieSettings")}
      </a>
    </>
  );
}
