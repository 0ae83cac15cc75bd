import "./faq.css";
import { useId } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { FaqVoteSummary } from "./faq-votes.server";

/** What the article page's action answers to a vote (also its no-JavaScript action data). */
export type FaqVoteResult = { vote: FaqVoteSummary | null; error?: string };

/**
 * "Was this helpful?" under an answer. A real form posting to the article page, so it works
 * without JavaScript; with it, a fetcher sends the vote in place and shows it at once.
 */
export function FaqVote({ initial, actionData }: { initial: FaqVoteSummary; actionData?: FaqVoteResult }) {
  const { t } = useTranslation("support");
  const headingId = useId();
  const fetcher = useFetcher<FaqVoteResult>({ key: `faq-vote-${initial.id}` });
  const answered = fetcher.data ?? actionData;
  const saved = answered?.vote ?? initial;
  const pending = fetcher.formData?.get("helpful");
  const vote = pending === "yes" ? true : pending === "no" ? false : saved.vote;
  const failed = Boolean(answered?.error) && fetcher.state === "idle";

  return (
    <section className="faq-vote" aria-labelledby={headingId} data-faq-id={initial.id}>
      <h2 id={headingId} className="faq-vote__question">
        {t("vote.question")}
      </h2>
      <fetcher.Form method="post" className="faq-vote__form">
        <button
          type="submit"
          name="helpful"
          value="yes"
          className="button faq-vote__button"
          aria-pressed={vote === true}
        >
          <ThumbIcon up />
          {t("vote.yes")}
        </button>
        <button
          type="submit"
          name="helpful"
          value="no"
          className="button faq-vote__button"
          aria-pressed={vote === false}
        >
          <ThumbIcon up={false} />
          {t("vote.no")}
        </button>
      </fetcher.Form>
      <div className="faq-vote__status" role="status" aria-live="polite">
        {failed ? (
          <p className="faq-vote__error">{t("vote.failed")}</p>
        ) : vote === null ? null : (
          <p>
            {vote ? t("vote.thanksYes") : t("vote.thanksNo")} {t("vote.change")}
          </p>
        )}
        {saved.helpful > 0 ? (
          <p className="faq-vote__counts">{t("vote.counts", { count: saved.helpful })}</p>
        ) : null}
      </div>
      <p className="faq-vote__privacy">{t("vote.privacy")}</p>
    </section>
  );
}

function ThumbIcon({ up }: { up: boolean }) {
  return (
    <svg
      className={up ? "faq-vote__icon" : "faq-vote__icon faq-vote__icon--down"}
      viewBox="0 0 20 20"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M6 9v8H3V9h3zm2 8h6.5a2 2 0 0 0 2-1.6l1-5A2 2 0 0 0 15.5 8H12V4.5A1.5 1.5 0 0 0 10.5 3L8 9v8z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}
