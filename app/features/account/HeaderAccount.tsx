import { useSyncExternalStore } from "react";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { AccountPartProps } from "~/ui/frame/account-slot";
import { parseSignedInHint, signedInHintValue } from "./signed-in-hint";

const subscribeNothing = () => () => {};
/** The hint's raw value: a string, so that React compares two reads by value. */
const hintInBrowser = () => signedInHintValue(document.cookie) ?? null;
/** The server, and the hydration of its HTML, see no hint: the page is the same for everyone. */
const noHint = () => null;

/**
 * The header's account part, handed to the frame by the root (ui/frame/account-slot.tsx). The
 * server renders `fallback` ("Account") for everyone; in the browser, right after hydration, a
 * signed-in visitor's name (the account's link) and "Sign out" (a plain form posting the account
 * page's logout, which works as the account page's own button does) replace it, read from the sign-in
 * hint with no request (docs/decisions/0064-the-sign-in-hint-carries-the-name.md). Without
 * JavaScript, or without the hint (most visitors), "Account" stays.
 *
 * The hint changes only on pages without this header (the account area's minimal one) or by a
 * whole page load (the header's "Sign out" form): a header mounted after it reads the new value.
 */
export function HeaderAccount({ placement, fallback }: AccountPartProps) {
  const value = useSyncExternalStore(subscribeNothing, hintInBrowser, noHint);
  const { t } = useTranslation("layout");
  const localize = useLocalizePath();
  const hint = value === null ? null : parseSignedInHint(value);
  if (!hint || hint.until * 1000 <= Date.now()) return fallback;

  const account = localize("/account");
  const signOut = (buttonClass: string) => (
    <form method="post" action={account} className="account-sign-out">
      <input type="hidden" name="intent" value="logout" />
      <button type="submit" className={buttonClass}>
        {t("nav.signOut")}
      </button>
    </form>
  );
  if (placement === "menu") {
    return (
      <>
        <p className="mobile-menu__signed-in">
          {t("nav.signedInAs")} <strong>{hint.username}</strong>
        </p>
        <SiteLink className="button button--ghost" to={account}>
          {t("nav.myAccount")}
        </SiteLink>
        {signOut("button button--primary")}
      </>
    );
  }
  // In the bar the name is the account's link: name, "My account" and "Sign out" side by side
  // did not fit beside the French menu at 1280 px.
  return (
    <>
      <SiteLink to={account} className="account-nav__login">
        <span className="visually-hidden">
          {t("nav.myAccount")}, {t("nav.signedInAs")}{" "}
        </span>
        <span className="account-nav__name">{hint.username}</span>
      </SiteLink>
      {signOut("button button--small")}
    </>
  );
}
