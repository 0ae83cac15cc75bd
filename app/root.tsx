import displayFont from "@fontsource-variable/outfit/files/outfit-latin-wght-normal.woff2?url";
import type { ReactNode } from "react";
import { data, Links, Meta, Outlet, Scripts, useRouteLoaderData } from "react-router";
import { AnalyticsTracker } from "~/features/analytics/AnalyticsTracker";
import { analyticsSetup } from "~/features/analytics/analytics-setup.server";
import { ConsentBanner } from "~/features/consent/ConsentBanner";
import { ConsentProvider } from "~/features/consent/ConsentProvider";
import { readConsent } from "~/features/consent/consent-cookies";
import { getStudioInfo, type StudioInfo } from "~/features/studio/studio.server";
import { languageTags, splitLanguage } from "~/platform/i18n/languages";
import { servicesContext } from "~/platform/request-context";
import { FeedbackProvider } from "~/ui/feedback/FeedbackProvider";
import { takeFlash } from "~/ui/feedback/flash.server";
import { SiteScrollRestoration } from "~/ui/layout/SiteScrollRestoration";
import globalStyles from "~/ui/styles/global.css?url";
import type { Route } from "./+types/root";

/**
 * One stylesheet for the shell; the display font is preloaded since headings are the first
 * paint. The icon is the studio's logo (content/studio.yaml `logo`; links() cannot read loader
 * data), declared so browsers do not ask for a /favicon.ico that does not exist.
 */
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: globalStyles },
  { rel: "icon", href: "/brand/logo.svg", type: "image/svg+xml" },
];

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
  // Cookie consent as stored (the banner shows without a choice) and a one-time flash message,
  // deleted as it is read.
  const consent = readConsent(request.headers.get("Cookie"));
  const { flash, setCookie } = takeFlash(request, config);
  return data(
    { lang, studio, year: new Date().getFullYear(), consent, analytics: analyticsSetup(config), flash },
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
        <Links />
      </head>
      <body>
        {children}
        <SiteScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <FeedbackProvider flash={loaderData.flash}>
      <ConsentProvider initial={loaderData.consent}>
        <ConsentBanner />
        <Outlet />
        <AnalyticsTracker setup={loaderData.analytics} />
      </ConsentProvider>
    </FeedbackProvider>
  );
}

/**
 * Reached only when the site's own error page (routes/lang.tsx) could not render: plain,
 * with no dependency that could fail again.
 */
export function ErrorBoundary() {
  return (
    <main className="fatal-error">
      <h1>An error occurred while showing the error page</h1>
      <p>
        <a href="/">Go to Homepage</a>
      </p>
    </main>
  );
}
