import { useTranslation } from "~/platform/i18n/use-translation";

/** First focusable element of every page: jumps past the header to `<main id="main">`. */
export function SkipLink() {
  const { t } = useTranslation("layout");
  return (
    <a className="skip-link" href="#main">
      {t("skipToContent")}
    </a>
  );
}
