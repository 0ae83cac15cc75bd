import { useEffect, useRef } from "react";
import { useLocation, useMatches } from "react-router";
import { useConsent } from "~/features/consent";
import { cookieDomainsFor } from "~/platform/http/cookies";
import { carriesPrivateLink, pageviewRouteKey } from "./route-key";

export type AnalyticsSetup = {
  /** The outside provider's script (ANALYTICS_SCRIPT_URL), when one is configured. */
  scriptUrl: string | null;
  /** The cookies that provider sets, removed when analytics is refused. */
  cookieNames: string[];
};

/**
 * A page view goes out as a beacon that nobody waits for: outside the API client, so it never
 * moves the progress bar nor shows a toast, and `keepalive` lets it finish while the visitor
 * leaves the page.
 */
function sendPageview(route: string) {
  void fetch("/api/analytics/pageview", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ route }),
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => {
    // Analytics is best effort: a lost count is not the visitor's problem.
  });
}

function deleteCookiesInBrowser(names: string[]) {
  for (const name of names) {
    for (const domain of cookieDomainsFor(window.location.hostname)) {
      // biome-ignore lint/suspicious/noDocumentCookie: deleting cookies an outside script set in the page, the only way there is
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ""}`;
    }
  }
}

/**
 * The guard over an outside provider's script (provider-guard.ts), loaded only on a page that
 * deals with one: most visitors never consent to one, and most sites configure none.
 */
const providerGuard = () => import("./provider-guard");

/**
 * Analytics, only with consent (docs/requirements.md#cookie-consent-and-analytics): one page view
 * per navigation (a new path; the careers filters change only the query and are not page views),
 * counted under the route's id, and the outside provider's script when one is configured.
 */
export function AnalyticsTracker({
  setup,
  servedWithProvider,
}: {
  setup: AnalyticsSetup;
  /**
   * The consent the server read for this render let the provider run, so the page's policy
   * names it (features/analytics/analytics-csp.server.ts). Only the document's first render
   * counts: its policy is the one the browser enforces until the next document.
   */
  servedWithProvider: boolean;
}) {
  const { consent, settled } = useConsent();
  const location = useLocation();
  const matches = useMatches();
  const route = pageviewRouteKey(matches);
  // A private link's page: its address holds the link's token, which no outside script may read.
  const privateLink = carriesPrivateLink(matches, location.search);
  const countedPath = useRef<string | null>(null);
  const providerLoaded = useRef(false);
  const documentPolicyNamesProvider = useRef(servedWithProvider);
  /**
   * Where this document's policy stopped matching the visitor's consent (given without the
   * provider in the policy, or withdrawn while it ran): the next page must be a new document.
   */
  const leftAt = useRef<string | null>(null);

  // Nothing before the browser has read its own cookies and signal: this effect runs before the
  // consent provider's (a child's effects run first), on the page's first state.
  useEffect(() => {
    if (!settled || !consent.analytics || !route || countedPath.current === location.pathname) return;
    countedPath.current = location.pathname;
    sendPageview(route);
  }, [settled, consent.analytics, route, location.pathname]);

  useEffect(() => {
    if (!settled || !consent.analytics || !setup.scriptUrl || providerLoaded.current || privateLink) return;
    // Consent given in a page whose policy leaves the provider out: the browser would refuse its
    // script here, so it starts on the next page, a new document whose policy names it.
    if (!documentPolicyNamesProvider.current) {
      leftAt.current ??= location.key;
      void providerGuard().then((guard) => guard.loadNextPagesAsDocuments());
      return;
    }
    providerLoaded.current = true;
    const scriptUrl = setup.scriptUrl;
    // The guard goes in first, inert, so that what the script opens is known if it is stopped;
    // a stop asked meanwhile runs after this (the same module's promise, in order).
    void providerGuard().then((guard) => {
      guard.releaseProvider(new URL(scriptUrl).origin);
      const script = document.createElement("script");
      script.src = scriptUrl;
      script.async = true;
      document.head.append(script);
    });
  }, [settled, consent.analytics, setup.scriptUrl, privateLink, location.key]);

  useEffect(() => {
    // Reached from another page of the site, where the provider already runs: stopped in place
    // as on a withdrawal (and added anew on the next page, as when consent is given again).
    if (!privateLink || !providerLoaded.current || !setup.scriptUrl) return;
    const origin = new URL(setup.scriptUrl).origin;
    void providerGuard().then((guard) => guard.stopProvider(origin, setup.cookieNames));
    providerLoaded.current = false;
  }, [privateLink, setup.scriptUrl, setup.cookieNames]);

  useEffect(() => {
    // Once the policy no longer matches, a navigation rendered in this document anyway (a form's
    // redirect, Back, or a link clicked before the guard's module arrived) is loaded again as a
    // document of its own.
    if (leftAt.current !== null && leftAt.current !== location.key) window.location.reload();
  }, [location.key]);

  useEffect(() => {
    // A grant waiting for the server's word on the privacy signal is not a refusal yet.
    if (!settled || !consent.decided || consent.analytics || consent.pendingSignal) return;
    // A provider's script already running in this page cannot be unloaded: it is stopped in
    // place (its requests and cookies refused), without reloading the visitor's page, and the
    // next page is a new document, whose policy the browser enforces (provider-guard.ts).
    if (providerLoaded.current && setup.scriptUrl) {
      const origin = new URL(setup.scriptUrl).origin;
      void providerGuard().then((guard) => {
        guard.stopProvider(origin, setup.cookieNames);
        // Its timer may have set them again while the guard's module was on its way.
        deleteCookiesInBrowser(setup.cookieNames);
        guard.loadNextPagesAsDocuments();
      });
      providerLoaded.current = false;
      leftAt.current = location.key;
    }
    deleteCookiesInBrowser(setup.cookieNames);
  }, [
    settled,
    consent.decided,
    consent.analytics,
    consent.pendingSignal,
    setup.cookieNames,
    setup.scriptUrl,
    location.key,
  ]);

  return null;
}
