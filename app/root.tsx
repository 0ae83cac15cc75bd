import type { ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Meta,
  Outlet,
  Scripts,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { HeaderAccount } from "~/features/account";
import { AnalyticsTracker } from "~/features/analytics";
import { analyticsSetup } from "~/features/analytics/index.server";
import {
  ConsentBanner,
  ConsentProvider,
  effectiveRevision,
  FIRST_REVISION,
  gpcRequested,
  readConsent,
} from "~/features/consent";
import { consentPolicy, outsideProviderHost } from "~/features/consent/index.server";
import { getStudioInfo, type StudioInfo } from "~/features/studio/index.server";
import { LinkPrefetching } from "~/platform/http/prefetch";
import { applyResponseCookies } from "~/platform/http/response-cookies.server";
import { languageTags, splitLanguage } from "~/platform/i18n/languages";
import { PageNamespaces } from "~/platform/i18n/PageNamespaces";
import { servicesContext } from "~/platform/request-context";
import { FeedbackProvider } from "~/ui/feedback/FeedbackProvider";
import { takeFlash } from "~/ui/feedback/flash.server";
import { AccountSlot } from "~/ui/frame/account-slot";
import { DocumentLinks } from "~/ui/frame/DocumentLinks";
import { SiteScrollRestoration } from "~/ui/frame/SiteScrollRestoration";
import { siteIdentity } from "~/ui/frame/site-identity";
import type { ShellData } from "~/ui/frame/use-studio";
import { ErrorPage } from "~/ui/layouts/ErrorPage";
import bodyFont from "~/ui/styles/fonts/inter-latin.woff2?url";
import displayFont from "~/ui/styles/fonts/outfit-latin.woff2?url";
import type { Route } from "./+types/root";
import siteStyles from "./root.css?url";

/**
 * One stylesheet for the frame and the kit (root.css). Its two fonts (the Latin faces cut to the
 * site's characters, ui/styles/fonts.css) are preloaded: the body font was otherwise found only
 * once the stylesheets had loaded and the text was laid out, and the first paint (which shows
 * the fonts that have come by then) waited for it. The icon is the studio's logo
 * (content/studio.yaml `logo`; links() cannot read loader data), declared so browsers do not
 * ask for a /favicon.ico that does not exist.
 */
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: bodyFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: siteStyles },
  { rel: "icon", href: "/brand/logo.svg", type: "image/svg+xml" },
];

/** Cookies a loader or action sets beside the page's own headers (response-cookies.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [applyResponseCookies];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  // `url` is the page's address; request.url may be a data request (/fr.data) under v8 flags.
  const { lang } = splitLanguage(url.pathname);
  // The header, footer and error page read the studio from here (the one loader an error page
  // can count on). If it cannot be read, the shell renders without it rather than failing.
  const { db, logger, config } = context.get(servicesContext);
  let studio: StudioInfo | null = null;
  try {
    studio = await getStudioInfo(db, lang);
  } catch (error) {
    logger.error({ err: error }, "studio info unavailable for the site shell");
  }
  // Cookie consent as stored (the banner shows without a choice under the current effective
  // revision: the policy's and the outside providers'; what the browser's privacy signal asks)
  // and a one-time flash message, deleted as it is read. Only what the page cache keys on is
  // read: never the consent id.
  let consentRevision = effectiveRevision(FIRST_REVISION, null);
  try {
    consentRevision = (await consentPolicy({ db, config })).effectiveRevision;
  } catch (error) {
    logger.error({ err: error }, "consent revision unavailable; the first is assumed");
  }
  const consent = readConsent(request.headers.get("Cookie"), {
    revision: consentRevision,
    gpc: gpcRequested(request.headers.get("Sec-GPC")),
  });
  const { flash, setCookie } = takeFlash(request, config);
  const shell: ShellData = { studio: studio && siteIdentity(studio), year: new Date().getFullYear() };
  return data(
    {
      lang,
      ...shell,
      consent,
      consentRevision,
      consentProvider: outsideProviderHost(config),
      analytics: analyticsSetup(config),
      flash,
    },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const lang = data?.lang ?? "en";
  return (
    <html lang={languageTags[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <DocumentLinks />
      </head>
      <body>
        {children}
        <SiteScrollRestoration />
        <Scripts />
        <PageNamespaces />
      </body>
    </html>
  );
}

/**
 * The providers and consent banner around every page, and the header's account part for a
 * signed-in visitor (filled in after load: the pages themselves are the same for everyone). `loaderData` is undefined when a route's
 * middleware refused the request before any loader ran (a bad address's 400, an unknown
 * language's 404): React Router then runs no loader at all and renders the root's error
 * boundary, which still needs the shell around the error page.
 */
function Shell({
  loaderData,
  children,
}: {
  loaderData?: Route.ComponentProps["loaderData"];
  children: ReactNode;
}) {
  return (
    <FeedbackProvider flash={loaderData?.flash ?? null}>
      <ConsentProvider
        initial={loaderData?.consent ?? readConsent(null)}
        revision={loaderData?.consentRevision ?? effectiveRevision(FIRST_REVISION, null)}
        provider={loaderData?.consentProvider ?? null}
      >
        <ConsentBanner />
        <AccountSlot value={HeaderAccount}>{children}</AccountSlot>
        {loaderData && (
          <AnalyticsTracker
            setup={loaderData.analytics}
            servedWithProvider={loaderData.consent.analytics || loaderData.consent.pendingSignal}
          />
        )}
        <LinkPrefetching />
      </ConsentProvider>
    </FeedbackProvider>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <Shell loaderData={loaderData}>
      <Outlet />
    </Shell>
  );
}

/**
 * Reached by a refusal that a route's middleware threw (no loader ran: the site's error page
 * in a shell without loader data), and when the site's own error page (routes/lang.tsx) could
 * not render: then plain, with no dependency that could fail again.
 */
export function ErrorBoundary() {
  // A refusal (4xx) thrown by a route's middleware: the site's own error page, in the shell.
  if (isRouteErrorResponse(useRouteError())) {
    return (
      <Shell>
        <ErrorPage />
      </Shell>
    );
  }
  return (
    <main className="fatal-error">
      <h1>An error occurred while showing the error page</h1>
      <p>
        <a href="/">Go to Homepage</a>
      </p>
    </main>
  );
}
