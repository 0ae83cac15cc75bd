import { data, Outlet, redirect } from "react-router";
import { refuseForbiddenAddress } from "~/platform/http/input-guard.server";
import { withPathname } from "~/platform/http/same-origin";
import { refusePagesWhileDatabaseDown } from "~/platform/http/unavailable.server";
import { browserTranslations } from "~/platform/i18n/browser";
import { defaultLanguage, isLanguage, splitLanguage } from "~/platform/i18n/languages";
import { ErrorPage } from "~/ui/layouts/ErrorPage";
import type { Route } from "./+types/lang";

/**
 * The optional language segment: validated here, so `/de/careers` is a 404
 * (docs/requirements.md#languages-and-routes).
 */
export async function loader({ params, url }: Route.LoaderArgs) {
  if (params.lang === undefined) return null;
  if (!isLanguage(params.lang)) throw data(null, { status: 404 });
  if (params.lang === defaultLanguage) {
    // English has no prefix (docs/requirements.md#languages-and-routes): /en/careers is the same
    // page as /careers.
    throw redirect(withPathname(url, splitLanguage(url.pathname).path), 301);
  }
  return null;
}

/**
 * Before any loader or action: control characters in the address answer 400, an unknown
 * language 404 (the loader's check comes after a form post's action has run), and an
 * unreachable database 503.
 */
export const middleware: Route.MiddlewareFunction[] = [
  refuseForbiddenAddress,
  ({ params, request }) => {
    // Only a form post needs it here: a middleware's refusal runs no loader at all, so the 404
    // page would miss the studio's name and links. A page request gets its 404 from the loader.
    const read = request.method === "GET" || request.method === "HEAD";
    if (!read && params.lang !== undefined && !isLanguage(params.lang)) throw data(null, { status: 404 });
  },
  // The site's error page with 503 and Retry-After while the database cannot be reached.
  ...refusePagesWhileDatabaseDown,
];

/** In the browser, a route in another language loads that language's catalogs before render. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ params }, next) => {
    const lang = isLanguage(params.lang) ? params.lang : defaultLanguage;
    await browserTranslations.current?.switchTo(lang);
    await next();
  },
];

export default function LanguageRoot() {
  return <Outlet />;
}

/** The site's error page, for every error below this route. */
export function ErrorBoundary() {
  return <ErrorPage />;
}
