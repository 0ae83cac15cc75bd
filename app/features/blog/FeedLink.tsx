import { useTranslation } from "~/platform/i18n/use-translation";

/** The language's Atom feed, offered as a plain link (a feed reader takes the address). */
export function FeedLink({ href }: { href: string }) {
  const { t } = useTranslation("blog");
  return (
    <p className="news-feed">
      <a className="news-feed__link" href={href} type="application/atom+xml">
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M4 15.5a1.5 1.5 0 1 0 0 .01M3 9a8 8 0 0 1 8 8m-8-12a12 12 0 0 1 12 12"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        {t("list.subscribe")}
      </a>
      <span className="news-feed__hint">{t("list.subscribeHint")}</span>
    </p>
  );
}
