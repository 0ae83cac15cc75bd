import { redirect } from "react-router";
import { AccountHeading } from "~/features/account";
import {
  accountContext,
  accountPageHeaders,
  accountSeo,
  guardPost,
  noStore,
  requireSession,
} from "~/features/account/index.server";
import { PlatformList } from "~/features/platforms";
import {
  connectPlatform,
  platformDeps,
  platformStates,
  platformsLimit,
  stateCookie,
  unlinkPlatform,
} from "~/features/platforms/index.server";
import { readForm } from "~/platform/forms/parse-form.server";
import { type Refusal, refuse } from "~/platform/http/outcome";
import { localizePath } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import type { Route } from "./+types/account-platforms";

export const headers: Route.HeadersFunction = accountPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  const { svc, lang } = accountContext(args);
  const rows = await platformStates(svc.db, svc.config, session.user.id);
  const asked = new URL(args.request.url).searchParams.get("disconnect");
  return {
    seo: await accountSeo(args, "platforms:page.title"),
    pageUrl: localizePath("/account/platforms", lang),
    confirming: rows.find((row) => row.linked && row.platform === asked)?.platform ?? null,
    rows,
  };
}

/**
 * `connect` leaves for the platform's sign-in page (its answer comes back to the API's callback);
 * `disconnect` unlinks. Refusals come back to this page as a translated service error code
 * (docs/requirements.md#service-error-codes).
 */
export async function action(args: Route.ActionArgs) {
  await guardPost(args, platformsLimit);
  const session = await requireSession(args);
  const { svc, lang, config } = accountContext(args);
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const platform = String(form.get("platform") ?? "");
  const pageUrl = localizePath("/account/platforms", lang);
  const deps = platformDeps(svc);
  const refused = (refusal: Refusal) =>
    redirectWithFlash(pageUrl, { kind: "error", messages: [refusal.code] }, config);
  if (intent === "connect") {
    const outcome = await connectPlatform(deps, { platform, account: session.user, language: lang });
    if (!outcome.ok) return refused(outcome);
    const { redirect: to, state } = outcome.value;
    return redirect(to, { status: 303, headers: { "Set-Cookie": stateCookie(config, state), ...noStore } });
  }
  if (intent === "disconnect") {
    const outcome = await unlinkPlatform(deps, session.user, platform);
    if (!outcome.ok) return refused(outcome);
    const messages = [`platforms:unlinked.${outcome.value.platform}`];
    return redirectWithFlash(pageUrl, { kind: "success", messages }, config);
  }
  return refused(refuse(400, "INVALID_PARAMETERS"));
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountPlatforms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("platforms");
  return (
    <>
      <AccountHeading backToAccount label={t("page.label")} title={t("page.title")} intro={t("page.intro")} />
      <PlatformList rows={loaderData.rows} confirming={loaderData.confirming} pageUrl={loaderData.pageUrl} />
      <p className="platform-privacy">{t("page.privacy")}</p>
    </>
  );
}
