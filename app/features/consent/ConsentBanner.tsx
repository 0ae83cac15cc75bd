import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { EmbedSettings, forgetAllEmbeds } from "~/features/embeds";
import { http } from "~/platform/http/client";
import { SiteLink } from "~/platform/http/prefetch";
import { formatDate } from "~/platform/i18n/format";
import { useLanguage, useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useFeedback } from "~/ui/feedback/FeedbackProvider";
import { useConsent } from "./ConsentProvider";
import {
  COOKIE_SETTINGS_PARAM,
  type ConsentChoice,
  type ConsentState,
  consentChoices,
} from "./consent-cookies";

function isChoice(value: unknown): value is ConsentChoice {
  return (consentChoices as readonly unknown[]).includes(value);
}

/** The last of the visitor's records, as GET /api/consents/receipt lists them. */
type LatestRecord = { at: string; analytics: boolean; method: string };

/** Where the visitor downloads the records filed under their consent id. */
const RECEIPT_URL = "/api/consents/receipt";

/**
 * The visitor's latest record, read when the banner opens for a visitor with a consent id: the
 * id and the records never go into the page (a cache may serve it to others), only into this
 * request of their own. Null when it cannot be read (the line is left out, the receipt link stays).
 */
async function latestRecord(): Promise<LatestRecord | null> {
  try {
    const res = await fetch(RECEIPT_URL, { credentials: "same-origin" });
    if (!res.ok) return null;
    const { records } = (await res.json()) as { records: LatestRecord[] };
    // A player's "Always load" is recorded too, but is no answer to this banner.
    return records.filter((record) => record.method !== "embed").at(-1) ?? null;
  } catch {
    return null;
  }
}

/**
 * The cookie banner (docs/requirements.md#cookie-consent-and-analytics): strictly necessary (always
 * on) and Analytics, with 'Accept All', 'Reject All' and 'Confirm my choices'.
 *
 * It is the first thing in the page and sits in the flow at the top rather than floating over
 * the content: it is read and reached first, and never hides the element that has focus
 * (WCAG 2.4.11). It is a real form posting to /consent, so it works without JavaScript; with
 * JavaScript the choice goes through the API client (progress bar, toasts on failure) and the
 * banner closes in place.
 */
export function ConsentBanner() {
  const { t } = useTranslation("consent");
  const { consent, bannerOpen, choiceStored, openedBy, provider } = useConsent();
  const feedback = useFeedback();
  const location = useLocation();
  const localize = useLocalizePath();
  const lang = useLanguage();
  const [pending, setPending] = useState(false);
  const [latest, setLatest] = useState<LatestRecord | null>(null);
  const titleId = useId();
  const introId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  // Opened from the footer link: bring the banner into view and put focus on it.
  useEffect(() => {
    if (bannerOpen && openedBy) {
      heading.current?.focus();
      heading.current?.scrollIntoView({ block: "start" });
    }
  }, [bannerOpen, openedBy]);

  // The visitor's record, read again each time the settings open (a choice may have changed it).
  useEffect(() => {
    if (!bannerOpen || !consent.recorded) return;
    let current = true;
    void latestRecord().then((record) => {
      if (current) setLatest(record);
    });
    return () => {
      current = false;
    };
  }, [bannerOpen, consent.recorded]);

  if (!bannerOpen) return null;

  const recordLine = latest
    ? t(
        latest.method === "gpc"
          ? "banner.recordSignal"
          : latest.analytics
            ? "banner.recordAnalytics"
            : "banner.recordNecessary",
        { date: formatDate(latest.at, lang) },
      )
    : null;

  const params = new URLSearchParams(location.search);
  params.delete(COOKIE_SETTINGS_PARAM);
  const search = params.toString();
  const returnTo = `${location.pathname}${search ? `?${search}` : ""}${location.hash}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const choice = submitter instanceof HTMLButtonElement ? submitter.value : "confirm";
    if (!isChoice(choice)) return;
    const analyticsBox = event.currentTarget.elements.namedItem("analytics");
    const analytics = analyticsBox instanceof HTMLInputElement && analyticsBox.checked;
    setPending(true);
    try {
      // The signal scripts see goes with the choice: an accept made under it stands.
      const answer = await http.post<{ consent: ConsentState }>("/consents", {
        choice,
        analytics,
        lang,
        ...(consent.gpc ? { gpc: true } : {}),
      });
      // Reject All also forgets the players and maps the visitor chose to always load.
      if (choice === "reject") forgetAllEmbeds();
      choiceStored(answer.consent);
      feedback.showToasts(["consent:banner.saved"], "success");
    } catch {
      // The client has shown the failure as a toast; the banner stays for another try.
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="consent-banner" aria-labelledby={titleId} aria-describedby={introId}>
      <form className="consent-banner__inner container" method="post" action="/consent" onSubmit={onSubmit}>
        <input type="hidden" name="returnTo" value={returnTo} />
        <input type="hidden" name="lang" value={lang} />
        <div className="consent-banner__text">
          <h2 className="consent-banner__title" id={titleId} ref={heading} tabIndex={-1}>
            {t("banner.title")}
          </h2>
          {/* On a phone this part scrolls, so the choices and buttons fit in a short band. */}
          <div className="consent-banner__details">
            {/* An outside provider is named: its analytics are neither anonymous nor unshared. */}
            <p id={introId}>{provider ? t("banner.introProvider", { provider }) : t("banner.intro")}</p>
            {consent.gpc && !consent.analytics ? (
              <p className="consent-banner__gpc">{t("banner.gpc")}</p>
            ) : null}
            <p>
              <SiteLink to={localize("/privacy")} className="consent-banner__policy">
                {t("banner.policyLink")}
              </SiteLink>
            </p>
            {consent.recorded ? (
              <p className="consent-banner__record">
                {recordLine ? <span className="consent-banner__record-line">{recordLine} </span> : null}
                <a href={`${RECEIPT_URL}?download=1`} download className="consent-banner__receipt">
                  {t("banner.receipt")}
                </a>
              </p>
            ) : null}
            <EmbedSettings />
          </div>
        </div>
        <fieldset className="consent-banner__choices">
          <legend className="consent-banner__legend">{t("banner.legend")}</legend>
          <div className="consent-option">
            <input
              className="consent-option__box"
              type="checkbox"
              id={`${titleId}-necessary`}
              defaultChecked
              disabled
              aria-describedby={`${titleId}-necessary-hint`}
            />
            <label className="consent-option__label" htmlFor={`${titleId}-necessary`}>
              {t("categories.necessary.label")}{" "}
              <span className="consent-option__badge">{t("banner.alwaysOn")}</span>
            </label>
            <p className="consent-option__hint" id={`${titleId}-necessary-hint`}>
              {t("categories.necessary.description")}
            </p>
          </div>
          <div className="consent-option">
            <input
              className="consent-option__box"
              type="checkbox"
              id={`${titleId}-analytics`}
              name="analytics"
              value="1"
              defaultChecked={consent.analytics}
              aria-describedby={`${titleId}-analytics-hint`}
            />
            <label className="consent-option__label" htmlFor={`${titleId}-analytics`}>
              {t("categories.analytics.label")}
            </label>
            <p className="consent-option__hint" id={`${titleId}-analytics-hint`}>
              {provider
                ? t("categories.analytics.descriptionProvider", { provider })
                : t("categories.analytics.description")}
            </p>
          </div>
        </fieldset>
        <div className="consent-banner__actions">
          <button
            className="button button--primary"
            type="submit"
            name="choice"
            value="accept-all"
            aria-disabled={pending || undefined}
          >
            {t("banner.acceptAll")}
          </button>
          <button
            className="button button--primary"
            type="submit"
            name="choice"
            value="reject"
            aria-disabled={pending || undefined}
          >
            {t("banner.reject")}
          </button>
          <button
            className="button button--ghost"
            type="submit"
            name="choice"
            value="confirm"
            aria-disabled={pending || undefined}
          >
            {t("banner.confirm")}
          </button>
        </div>
      </form>
    </section>
  );
}
