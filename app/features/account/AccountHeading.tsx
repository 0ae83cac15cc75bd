import type { ReactNode } from "react";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import "./account.css";

// A module of its own: account screens without a form (the overview, linked platforms, your
// data) would otherwise load the forms' module and Conform with it.
/**
 * The heading block of an account screen. The screens behind the overview (`backToAccount`) lead
 * back to it first: the simple layout's header has no site navigation.
 */
export function AccountHeading({
  label,
  title,
  intro,
  backToAccount,
}: {
  label: string;
  title: string;
  intro?: ReactNode;
  backToAccount?: boolean;
}) {
  const { t } = useTranslation("account");
  const localize = useLocalizePath();
  return (
    <header className="account-heading">
      {backToAccount ? (
        <p className="account-heading__back">
          <SiteLink className="text-link" to={localize("/account")}>
            <span aria-hidden="true">← </span>
            {t("backToAccount")}
          </SiteLink>
        </p>
      ) : null}
      <p className="eyebrow">{label}</p>
      <h1 className="account-intro__title">{title}</h1>
      {intro ? <p className="account-intro__intro">{intro}</p> : null}
    </header>
  );
}
