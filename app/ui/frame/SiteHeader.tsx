import { useEffect, useState } from "react";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { AccountPart } from "./account-slot";
import { Brand } from "./Brand";
import { DesktopNav } from "./DesktopNav";
import { ExternalLink } from "./ExternalLink";
import { LanguageSwitcher } from "./LanguageSwitcher";
import { MobileMenu } from "./MobileMenu";
import { accountLinks, paths, studioSites } from "./site-links";
import { useStudio } from "./use-studio";

/**
 * The site header (docs/requirements.md#navigation-and-layout). Full: a slim bar of studio links
 * (support, forums, business, the main studio website, languages) over the main bar (logo, menu,
 * account); below 970 px only the logo and the hamburger. The account part is the same for
 * everyone on the server ("Account", "Create account"); a signed-in visitor's replaces it once
 * the page has loaded (account-slot.tsx). Minimal (simple layout): logo and
 * languages, nothing to wander off to.
 */
export function SiteHeader({ variant = "full" }: { variant?: "full" | "minimal" }) {
  const { t } = useTranslation("layout");
  const localize = useLocalizePath();
  const studio = useStudio();
  const scrolled = useScrolledPast(8);

  return (
    <header className="site-header" data-variant={variant} data-scrolled={scrolled || undefined}>
      {variant === "full" ? (
        <div className="utility-bar">
          <div className="utility-bar__inner container">
            <nav aria-label={t("nav.utilityLabel")}>
              <ul className="utility-bar__list">
                <li>
                  <SiteLink to={localize(paths.support)} className="utility-bar__link">
                    {t("nav.support")}
                  </SiteLink>
                </li>
                {studio
                  ? studioSites(studio).map((site) => (
                      <li key={site.key}>
                        <ExternalLink href={site.href} className="utility-bar__link">
                          {t(`nav.${site.key}`)}
                        </ExternalLink>
                      </li>
                    ))
                  : null}
              </ul>
            </nav>
            <LanguageSwitcher />
          </div>
        </div>
      ) : null}
      <div className="site-header__bar">
        <div className="site-header__inner container">
          <Brand />
          {variant === "full" ? (
            <>
              <DesktopNav />
              <nav className="account-nav" aria-label={t("nav.accountLabel")}>
                <AccountPart
                  placement="bar"
                  fallback={
                    <>
                      <SiteLink to={localize(accountLinks.account.path)} className="account-nav__login">
                        {t(`nav.${accountLinks.account.key}`)}
                      </SiteLink>
                      <SiteLink
                        to={localize(accountLinks.create.path)}
                        className="button button--primary button--small"
                      >
                        {t(`nav.${accountLinks.create.key}`)}
                      </SiteLink>
                    </>
                  }
                />
              </nav>
              <MobileMenu />
            </>
          ) : (
            <LanguageSwitcher className="language-switcher--minimal" />
          )}
        </div>
      </div>
    </header>
  );
}

/** Whether the page has scrolled past `threshold` px: the header then gains its solid backdrop. */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setPast(window.scrollY > threshold));
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
    };
  }, [threshold]);
  return past;
}
