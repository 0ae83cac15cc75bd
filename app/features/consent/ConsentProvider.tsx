import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate } from "react-router";
import { type EmbedConsent, EmbedConsentContext, type EmbedProvider } from "~/features/embeds";
import type { Language } from "~/platform/i18n/languages";
import { useLanguage } from "~/platform/i18n/use-language";
import {
  COOKIE_SETTINGS_PARAM,
  type ConsentState,
  type EffectiveRevision,
  readConsent,
} from "./consent-cookies";

/** Global Privacy Control as the browser exposes it to scripts. */
function browserGpc(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: unknown }).globalPrivacyControl === true;
}

/**
 * Global Privacy Control goes to the server (POST /api/consents `{ signal: "gpc" }`) in the
 * background, like a page-view beacon (no progress bar, no toast), once per page load: from a
 * browser that has made no choice (recorded at most once per address a day, no cookie: the banner
 * still asks), and over a stored grant, which the server weighs against the signal (the answer
 * says whether analytics may run). A failure leaves analytics off.
 */
async function recordSignal(lang: Language): Promise<ConsentState | null> {
  try {
    const res = await fetch("/api/consents", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ signal: "gpc", lang }),
      credentials: "same-origin",
    });
    return res.ok ? ((await res.json()) as { consent: ConsentState }).consent : null;
  } catch {
    // Analytics stays off; the signal is sent again on the next page load.
    return null;
  }
}

/**
 * "Always load …" ticked or unticked (features/embeds), filed like a choice in the banner: in the
 * background, without a progress bar or a toast. The browser keeps the choice either way; a lost
 * record is the site's loss, not the visitor's.
 */
function recordEmbedChoice(provider: EmbedProvider, always: boolean, lang: Language) {
  void fetch("/api/consents", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ embed: provider, always, lang }),
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => {});
}

type ConsentContextValue = {
  consent: ConsentState;
  /** `showCookieBanner` (docs/requirements.md#cookie-consent-and-analytics). */
  bannerOpen: boolean;
  /** Records a stored choice and closes the banner (focus returns to what opened it). */
  choiceStored(consent: ConsentState): void;
  /** The element whose 'Cookie settings' link opened the banner, to return focus to. */
  openedBy: HTMLElement | null;
  /** The outside analytics provider's host, which the banner names; null: first-party only. */
  provider: string | null;
  /**
   * The browser has read its own cookies and privacy signal (after hydration): what analytics
   * does waits for it, since the page's first state came from the server or a cache.
   */
  settled: boolean;
};

const ConsentContext = createContext<ConsentContextValue | null>(null);

export function useConsent(): ConsentContextValue {
  const value = useContext(ConsentContext);
  if (!value) throw new Error("useConsent() outside <ConsentProvider>");
  return value;
}

/** A same-site link to `?cookie-settings=1` (the footer's 'Cookie settings'). */
function settingsLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin && url.searchParams.has(COOKIE_SETTINGS_PARAM) ? link : null;
}

/** The current state object when nothing changed, so nothing re-renders for nothing. */
function keep(current: ConsentState, next: ConsentState): ConsentState {
  return current.decided === next.decided &&
    current.analytics === next.analytics &&
    current.gpc === next.gpc &&
    current.recorded === next.recorded &&
    current.pendingSignal === next.pendingSignal
    ? current
    : next;
}

/**
 * The visitor's consent in the browser. It starts from what the server read in the cookies
 * (root loader), is re-read from `document.cookie` after hydration (a page from a shared cache
 * may carry someone else's state; a choice made under another effective `revision`, an older
 * policy or other outside providers, is asked again) with the browser's Global Privacy Control,
 * and changes when the banner stores a choice or the server answers the signal.
 *
 * The banner is open when no choice is stored, or when the visitor asks for the settings: the
 * footer link adds `?cookie-settings=1`, which the server honours without JavaScript; with
 * JavaScript the click is caught and the banner opens in place, without a navigation.
 */
export function ConsentProvider({
  initial,
  revision,
  provider,
  children,
}: {
  initial: ConsentState;
  revision: EffectiveRevision;
  provider: string | null;
  children: ReactNode;
}) {
  const [consent, setConsent] = useState(initial);
  const lang = useLanguage();
  const [openedBy, setOpenedBy] = useState<HTMLElement | null>(null);
  const [manualOpen, setManualOpen] = useState(false);
  // After a choice on a `?cookie-settings=1` address the parameter is removed; until that
  // navigation lands, this location must not reopen the banner.
  const [closedAt, setClosedAt] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const requested = new URLSearchParams(location.search).has(COOKIE_SETTINGS_PARAM);

  // The server's reading wins whenever the root loader runs again (e.g. after a form post); the
  // browser's own signal counts even when the request carried none, and then a grant the server
  // read waits for the server's word too.
  useEffect(() => {
    const gpc = initial.gpc || browserGpc();
    setConsent((current) =>
      keep(current, {
        decided: initial.decided,
        analytics: initial.analytics && !gpc,
        gpc,
        recorded: initial.recorded,
        pendingSignal: initial.pendingSignal || (initial.analytics && gpc),
      }),
    );
  }, [initial.decided, initial.analytics, initial.gpc, initial.recorded, initial.pendingSignal]);

  // Until the browser has read its own cookies and signal, the page's state may be another's
  // (a cached page) or lack the signal only scripts see: analytics waits for `settled`.
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    setConsent((current) =>
      keep(current, readConsent(document.cookie, { revision, gpc: initial.gpc || browserGpc() })),
    );
    setSettled(true);
  }, [revision, initial.gpc]);

  const signalSent = useRef(false);
  const signalWanted = consent.gpc && (consent.pendingSignal || (!consent.decided && !consent.recorded));
  useEffect(() => {
    // Answered (or a choice made): a grant the server reads again later is weighed again.
    if (!signalWanted) {
      signalSent.current = false;
      return;
    }
    if (signalSent.current) return;
    signalSent.current = true;
    void recordSignal(lang).then((next) => {
      if (!next) return;
      // A choice made meanwhile is the visitor's last word: the answer no longer applies.
      setConsent((current) =>
        current.pendingSignal || (!current.decided && !current.recorded)
          ? keep(current, { ...next, gpc: true })
          : current,
      );
    });
  }, [signalWanted, lang]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      ) {
        return;
      }
      const link = settingsLink(event.target);
      if (!link) return;
      // Capture phase: React Router's own link handler sees defaultPrevented and stays put.
      event.preventDefault();
      setOpenedBy(link);
      setManualOpen(true);
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  const locationKey = `${location.key}${location.search}`;
  const bannerOpen = manualOpen || (closedAt !== locationKey && (!consent.decided || requested));

  const choiceStored = useCallback(
    (next: ConsentState) => {
      // The browser's own signal stands whatever the request carried.
      setConsent({ ...next, gpc: next.gpc || browserGpc() });
      setManualOpen(false);
      setClosedAt(locationKey);
      if (requested) {
        const params = new URLSearchParams(location.search);
        params.delete(COOKIE_SETTINGS_PARAM);
        const search = params.toString();
        navigate(
          { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
          { replace: true, preventScrollReset: true },
        );
      }
    },
    [locationKey, requested, location.pathname, location.search, location.hash, navigate],
  );

  // Focus goes back to the 'Cookie settings' link once the banner it opened has closed.
  const wasOpen = useRef(bannerOpen);
  useEffect(() => {
    if (wasOpen.current && !bannerOpen && openedBy?.isConnected) {
      openedBy.focus();
      setOpenedBy(null);
    }
    wasOpen.current = bannerOpen;
  }, [bannerOpen, openedBy]);

  const value = useMemo(
    () => ({ consent, bannerOpen, choiceStored, openedBy, provider, settled }),
    [consent, bannerOpen, choiceStored, openedBy, provider, settled],
  );
  const embedConsent = useMemo<EmbedConsent>(
    () => ({ revision, record: (embed, always) => recordEmbedChoice(embed, always, lang) }),
    [revision, lang],
  );
  return (
    <ConsentContext value={value}>
      <EmbedConsentContext value={embedConsent}>{children}</EmbedConsentContext>
    </ConsentContext>
  );
}
