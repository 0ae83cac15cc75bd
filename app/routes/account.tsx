import { Form, redirect } from "react-router";
import { AccountHeading } from "~/features/account";
import {
  accountContext,
  accountPageHeaders,
  accountSeo,
  accountWrites,
  clearSessionCookies,
  endSession,
  guardPost,
  noStore,
  publicUser,
  requireSession,
} from "~/features/account/index.server";
import { readForm } from "~/platform/forms/parse-form.server";
import { SiteLink } from "~/platform/http/prefetch";
import { dateTimeFormat } from "~/platform/i18n/format";
import { localizePath } from "~/platform/i18n/languages";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import type { Route } from "./+types/account";

export const headers: Route.HeadersFunction = accountPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return {
    seo: await accountSeo(args, "overview.title"),
    user: publicUser(session.user),
    expire: session.expiresAt.toISOString(),
  };
}

/**
 * Sign out (this session) or everywhere; docs/requirements.md#account-and-second-factor: logout
 * goes to account-login whatever happens.
 */
export async function action(args: Route.ActionArgs) {
  const intent = (await readForm(args.request)).get("intent");
  // Signing out of this session must always work (never a 429), so only signing out everywhere
  // spends the form budget; both are checked for their origin.
  await guardPost(args, intent === "global-logout" ? accountWrites.globalLogout.limit : null);
  const { svc, deps, lang, config, cookies } = accountContext(args);
  try {
    if (intent === "global-logout") {
      const session = await requireSession(args).catch(() => null);
      if (session) await accountWrites.globalLogout.run(deps, session.user);
    } else {
      await endSession(svc.db, cookies.session);
    }
  } catch (err) {
    svc.logger.warn({ err }, "account logout failed; signed out anyway");
  }
  const headers = new Headers(noStore);
  for (const cookie of clearSessionCookies(config)) headers.append("Set-Cookie", cookie);
  return redirect(localizePath("/account/login", lang), { status: 303, headers });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Account({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const localize = useLocalizePath();
  const { user } = loaderData;
  const expire = dateTimeFormat(i18n.language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(new Date(loaderData.expire));
  return (
    <>
      <AccountHeading
        label={t("login.label")}
        title={t("overview.title")}
        intro={t("overview.intro", { name: user.username })}
      />
      {user.tosLatest ? null : (
        <p className="account-intro__note account-banner" role="status">
          <span>{t("terms.banner")}</span>
          <SiteLink className="button button--primary button--small" to={localize("/account/terms")}>
            {t("terms.review")}
          </SiteLink>
        </p>
      )}
      <section className="account-section" aria-labelledby="account-profile">
        <h2 id="account-profile">{t("overview.profile")}</h2>
        <dl className="account-facts">
          <dt>{t("fields.username")}</dt>
          <dd>{user.username}</dd>
          <dt>{t("fields.email")}</dt>
          <dd>{user.email}</dd>
          <dt>{t("overview.secondFactor")}</dt>
          <dd>{user.mfa.length ? t("overview.on") : t("overview.off")}</dd>
          <dt>{t("overview.sessionEnds")}</dt>
          <dd>{expire} UTC</dd>
        </dl>
      </section>
      <section className="account-section" aria-labelledby="account-manage">
        <h2 id="account-manage">{t("overview.manage")}</h2>
        <div className="account-actions">
          <SiteLink className="button" to={localize("/account/profile")}>
            {t("profile.title")}
          </SiteLink>
          <SiteLink className="button" to={localize("/account/security")}>
            {t("security.title")}
          </SiteLink>
          <SiteLink className="button" to={localize("/account/platforms")}>
            {t("platforms:page.title")}
          </SiteLink>
          <SiteLink className="button" to={localize("/account/merch")}>
            {t("merch:title")}
          </SiteLink>
          <SiteLink className="button" to={localize("/account/data")}>
            {t("account-data:title")}
          </SiteLink>
          <SiteLink className="text-link" to={localize("/account/delete")}>
            {t("delete.title")}
          </SiteLink>
        </div>
      </section>
      <section className="account-section" aria-labelledby="account-signout">
        <h2 id="account-signout">{t("overview.signOutTitle")}</h2>
        <Form method="post" className="account-actions">
          <button type="submit" name="intent" value="logout" className="button button--primary">
            {t("overview.logout")}
          </button>
          <button type="submit" name="intent" value="global-logout" className="button">
            {t("overview.globalLogout")}
          </button>
        </Form>
      </section>
    </>
  );
}
