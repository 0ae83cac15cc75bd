import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { http } from "~/platform/http/client";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useFeedback } from "~/ui/feedback/FeedbackProvider";
import { useConsent } from "./ConsentProvider";
import {
  COOKIE_SETTINGS_PARAM,
  type ConsentChoice,
  type ConsentState,
  consentChoices,
} from "./consent-cookies";
import "./consent-banner.css";

function isChoice(value: unknown): value is ConsentChoice {
  return (consentChoices as readonly unknown[]).includes(value);
}

/**
 * The cookie banner (SPEC §4): strictly necessary (always on) and Analytics, with 'Accept
 * All', 'Reject All' and 'Confirm my choices'.
 *
 * It is the first thing in the page and sits in the flow at the top rather than floating over
 * the content: it is read and reached first, and never hides the element that has focus
 * (WCAG 2.4.11). It is a real form posting to /consent, so it works without JavaScript; with
 * JavaScript the choice goes through the API client (progress bar, toasts on failure) and the
 * banner closes in place.
 */
export function ConsentBanner() {
  const { t } = useTranslation("consent");
  const { consent, bannerOpen, choiceStored, openedBy } = useConsent();
  const feedback = useFeedback();
  const location = useLocation();
  const localize = useLocalizePath();
  const [pending, setPending] = useState(false);
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

  if (!bannerOpen) return null;

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
      const answer = await http.post<{ consent: ConsentState }>("/consents", { choice, analytics });
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
        <div className="consent-banner__text">
          <h2 className="consent-banner__title" id={titleId} ref={heading} tabIndex={-1}>
            {t("banner.title")}
          </h2>
          <p id={introId}>{t("banner.intro")}</p>
          <p>
            <SiteLink to={localize("/privacy")} className="consent-banner__policy">
              {t("banner.policyLink")}
            </SiteLink>
          </p>
        </div>
        <fieldset className="consent-banner__choices">
          <legend className="consent-banner__legend">{t("banner.legend")}</legend>
          <div className="consent-option">
            <input
              className="consent-option__box"
              type="checkbox"
              id={`${titleId}-necessary`}
              checked
              disabled
              readOnly
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
              {t("categories.analytics.description")}
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
