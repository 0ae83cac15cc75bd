import "./account.css";
import type { ReactNode } from "react";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Icon } from "~/ui/page-kit/icons";

type Props = { screen: "login" | "create"; studioName: string; children?: ReactNode };

/**
 * The login and create screens (inside the simple layout's card): heading, what the account is
 * for, the form (children), and the way to the other screen.
 */
export function AccountIntro({ screen, studioName, children }: Props) {
  const { t } = useTranslation("account");
  const localize = useLocalizePath();
  const other =
    screen === "login"
      ? { path: "/account/create", question: "login.noAccount", link: "login.create" }
      : { path: "/account/login", question: "create.hasAccount", link: "create.login" };
  return (
    <div className={`account-intro account-intro--${screen}`}>
      <p className="eyebrow">{t(`${screen}.label`)}</p>
      <h1 className="account-intro__title">{t(`${screen}.title`)}</h1>
      <p className="account-intro__intro">{t(`${screen}.intro`, { studio: studioName })}</p>
      <div className="account-intro__note" role="note">
        <Icon name="shield" />
        <p>{t(`${screen}.note`)}</p>
      </div>
      {children}
      <p className="account-intro__switch">
        {t(other.question, { studio: studioName })}{" "}
        <SiteLink className="text-link" to={localize(other.path)}>
          {t(other.link)}
        </SiteLink>
      </p>
    </div>
  );
}
