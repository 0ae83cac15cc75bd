import { isRouteErrorResponse, useRouteError } from "react-router";
import { SiteLink } from "~/platform/http/prefetch";
import { localizePath } from "~/platform/i18n/languages";
import { useLanguage } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useChunkErrorReload } from "~/ui/feedback/use-chunk-error-reload";
import { paths } from "~/ui/frame/site-links";
import { SiteFrame } from "./SiteFrame";

/** The main pages offered under the message, so a lost visitor has somewhere to go. */
const mainLinks = [
  { key: "career", path: paths.careers },
  { key: "blog", path: paths.blog },
  { key: "support", path: paths.support },
  { key: "contact", path: paths.contact },
] as const;

/**
 * The site's error page (404, 400, 500…) in the site's full frame (header with the main menu,
 * footer), the message in a card with the main links under it: the language route's error
 * boundary, and the root's for a request a route's middleware refused (React Router runs no
 * loader then, so it lands on the root's boundary: see root.tsx).
 */
export function ErrorPage() {
  const error = useRouteError();
  // A route's code that fails to download (a deploy replaced it) reloads the page, at most
  // once a minute (docs/requirements.md#errors-and-feedback); otherwise this page shows.
  useChunkErrorReload(error);
  const { t } = useTranslation();
  const { t: tLayout } = useTranslation("layout");
  const lang = useLanguage();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  return (
    <SiteFrame name="default" className="layout--error">
      <div className="simple-stage">
        <div className="simple-card">
          <section className="error-page" aria-labelledby="error-title">
            {/* React 19 hoists <title> into the head; meta() has no access to the translations. */}
            <title>{notFound ? t("error.notFoundTitle") : t("error.title")}</title>
            <p className="error-page__code" aria-hidden="true">
              {status}
            </p>
            <h1 id="error-title">{notFound ? t("error.notFoundTitle") : t("error.title")}</h1>
            <p className="error-page__text">
              {notFound ? t("error.notFoundText") : t("error.status", { status })}
            </p>
            <SiteLink className="button button--primary" to={localizePath("/", lang)}>
              {t("error.home")}
            </SiteLink>
            <nav className="error-page__links" aria-label={t("error.linksLabel")}>
              <ul>
                {mainLinks.map((link) => (
                  <li key={link.key}>
                    <SiteLink to={localizePath(link.path, lang)}>{tLayout(`nav.${link.key}`)}</SiteLink>
                  </li>
                ))}
              </ul>
            </nav>
          </section>
        </div>
      </div>
    </SiteFrame>
  );
}
