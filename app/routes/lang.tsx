import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, Outlet, redirect, useRouteError } from "react-router";
import { refuseForbiddenAddress } from "~/platform/http/input-guard.server";
import { SiteLink } from "~/platform/http/prefetch";
import { withPathname } from "~/platform/http/same-origin";
import { browserI18n } from "~/platform/i18n/browser";
import { switchLanguage } from "~/platform/i18n/catalogs";
import { defaultLanguage, isLanguage, localizePath, splitLanguage } from "~/platform/i18n/languages";
import { useLanguage } from "~/platform/i18n/use-language";
import { useChunkErrorReload } from "~/ui/feedback/use-chunk-error-reload";
import { SimpleFrame } from "~/ui/layouts/SimpleLayout";
import type { Route } from "./+types/lang";

/** The optional language segment: validated here, so `/de/careers` is a 404 (§2, §8). */
export async function loader({ params, url }: Route.LoaderArgs) {
  if (params.lang === undefined) return null;
  if (!isLanguage(params.lang)) throw data(null, { status: 404 });
  if (params.lang === defaultLanguage) {
    // English has no prefix (§2): /en/careers is the same page as /careers.
    throw redirect(withPathname(url, splitLanguage(url.pathname).path), 301);
  }
  return null;
}

/**
 * Before any loader or action: control characters in the address answer 400, and an unknown
 * language 404 (the loader's check comes after a form post's action has run).
 */
export const middleware: Route.MiddlewareFunction[] = [
  refuseForbiddenAddress,
  ({ params }) => {
    if (params.lang !== undefined && !isLanguage(params.lang)) throw data(null, { status: 404 });
  },
];

/** In the browser, a route in another language loads that language's catalogs before render. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ params }, next) => {
    const lang = isLanguage(params.lang) ? params.lang : defaultLanguage;
    if (browserI18n.current) await switchLanguage(browserI18n.current, lang);
    await next();
  },
];

export default function LanguageRoot() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  // A route's code that fails to download (a deploy replaced it) reloads the page, at most
  // once a minute (§4, §8); otherwise this page shows.
  useChunkErrorReload(error);
  const { t } = useTranslation();
  const lang = useLanguage();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  // Rendered in the simple layout's frame (minimal header, centred card, compact footer).
  return (
    <SimpleFrame>
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
      </section>
    </SimpleFrame>
  );
}
