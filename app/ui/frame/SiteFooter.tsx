import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Brand } from "./Brand";
import { ExternalLink } from "./ExternalLink";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { SocialIcon } from "./SocialIcon";
import { accountLinks, gamePath, paths, siteMapId, studioSites } from "./site-links";
import { useCopyrightYear, useStudio } from "./use-studio";

/** The query that reopens the cookie-consent banner (the consent feature reads it). */
export const cookieSettingsQuery = "cookie-settings=1";

/**
 * The site footer (docs/requirements.md#navigation-and-layout): social links, the games, links to
 * careers, internship, playtest, contact, privacy, fan policy and the rest of the legal pages, an
 * external forums link, cookie settings and the copyright. Compact (simple layout): legal links and
 * copyright only.
 */
export function SiteFooter({ variant = "full" }: { variant?: "full" | "compact" }) {
  const { t } = useTranslation("layout");
  const localize = useLocalizePath();
  const studio = useStudio();
  const year = useCopyrightYear();

  const legal = (
    <ul className="site-footer__legal">
      <li>
        <SiteLink to={localize(paths.privacy)}>{t("footer.privacy")}</SiteLink>
      </li>
      <li>
        <SiteLink to={localize(paths.privacyRequests)}>{t("footer.privacyRequests")}</SiteLink>
      </li>
      <li>
        <SiteLink to={localize(paths.fanContentPolicy)}>{t("footer.fanContentPolicy")}</SiteLink>
      </li>
      <li>
        <SiteLink to={localize(paths.tos)}>{t("footer.tos")}</SiteLink>
      </li>
      <li>
        <SiteLink to={localize(paths.gdpr)}>{t("footer.gdpr")}</SiteLink>
      </li>
      <li>
        {/* A plain link: the consent banner must reopen even where scripts failed. */}
        <a href={`?${cookieSettingsQuery}`}>{t("footer.cookieSettings")}</a>
      </li>
    </ul>
  );
  const copyright = studio
    ? t("footer.copyright", { year, name: studio.name })
    : t("footer.copyrightFallback", { year });

  if (variant === "compact") {
    return (
      <footer className="site-footer site-footer--compact">
        <div className="site-footer__bottom container">
          <p className="site-footer__copyright">{copyright}</p>
          <nav aria-label={t("footer.legal")}>{legal}</nav>
        </div>
      </footer>
    );
  }

  return (
    <footer className="site-footer">
      {/* The hamburger's target before the page's script runs, and without JavaScript
          (MobileMenu.tsx): everything the mobile menu offers is in here. */}
      <div id={siteMapId} className="site-footer__main container">
        <div className="site-footer__intro">
          <Brand className="brand brand--footer" />
          {studio?.tagline ? <p className="site-footer__tagline">{studio.tagline}</p> : null}
          {studio?.socialLinks.length ? (
            <div className="site-footer__social">
              <h2 className="site-footer__heading">{t("footer.follow")}</h2>
              <ul className="social-links">
                {studio.socialLinks.map((link) => (
                  <li key={link.network}>
                    <ExternalLink href={link.url} className="social-links__link" showIcon={false}>
                      <SocialIcon network={link.network} />
                      <span className="visually-hidden">{link.label || t(`social.${link.network}`)}</span>
                    </ExternalLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="site-footer__account">
            <h2 className="site-footer__heading">{t("footer.account")}</h2>
            <div className="site-footer__account-links">
              <SiteLink className="button button--ghost button--small" to={localize(accountLinks.login.path)}>
                {t(`nav.${accountLinks.login.key}`)}
              </SiteLink>
              <SiteLink
                className="button button--primary button--small"
                to={localize(accountLinks.create.path)}
              >
                {t(`nav.${accountLinks.create.key}`)}
              </SiteLink>
            </div>
          </div>
        </div>

        <nav className="site-footer__columns" aria-label={t("footer.label")}>
          {studio?.games.length ? (
            <div className="site-footer__column">
              <h2 className="site-footer__heading">
                {/* #games animates to the home page's games after about a second
                    (docs/requirements.md#navigation-and-layout). */}
                <SiteLink to={localize(paths.gamesList)}>{t("footer.games")}</SiteLink>
              </h2>
              <ul>
                {studio.games.map((game) => (
                  <li key={game.slug}>
                    <SiteLink to={localize(gamePath(game.slug))}>{game.name}</SiteLink>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="site-footer__column">
            <h2 className="site-footer__heading">{t("footer.careers")}</h2>
            <ul>
              <li>
                <SiteLink to={localize(paths.careers)}>{t("nav.career")}</SiteLink>
              </li>
              <li>
                <SiteLink to={localize(paths.internships)}>{t("nav.internship")}</SiteLink>
              </li>
              <li>
                <SiteLink to={localize(paths.playtesting)}>{t("nav.playtest")}</SiteLink>
              </li>
              <li>
                <SiteLink to={localize(paths.alerts)}>{t("nav.alerts")}</SiteLink>
              </li>
            </ul>
          </div>
          <div className="site-footer__column">
            <h2 className="site-footer__heading">{t("footer.studio")}</h2>
            <ul>
              <li>
                <SiteLink to={localize(paths.home)}>{t("nav.about")}</SiteLink>
              </li>
              <li>
                <SiteLink to={localize(paths.contact)}>{t("nav.contact")}</SiteLink>
              </li>
              <li>
                <SiteLink to={localize(paths.blog)}>{t("nav.blog")}</SiteLink>
              </li>
              <li>
                <SiteLink to={localize(paths.press)}>{t("nav.press")}</SiteLink>
              </li>
              <li>
                <SiteLink to={localize(paths.support)}>{t("nav.support")}</SiteLink>
              </li>
              {studio
                ? studioSites(studio).map((site) => (
                    <li key={site.key}>
                      <ExternalLink href={site.href}>{t(`nav.${site.key}`)}</ExternalLink>
                    </li>
                  ))
                : null}
            </ul>
          </div>
          <div className="site-footer__column">
            <h2 className="site-footer__heading">{t("footer.legal")}</h2>
            {legal}
          </div>
        </nav>
      </div>
      <div className="site-footer__bottom container">
        <p className="site-footer__copyright">{copyright}</p>
        <LanguageSwitcher landmark={false} />
      </div>
    </footer>
  );
}
