import { AccountHeading } from "~/features/account";
import {
  acceptTosSchema,
  accountContext,
  accountPageHeaders,
  accountSeo,
  accountWrites,
  currentTosVersion,
  guardPost,
  publicUser,
  refused,
  requireSession,
} from "~/features/account/index.server";
import { parseForm } from "~/platform/forms/parse-form.server";
import { SiteLink } from "~/platform/http/prefetch";
import { localizePath } from "~/platform/i18n/languages";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import { hydrateLater } from "~/ui/hydrate-later";
import type { Route } from "./+types/account-terms";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const TermsForm = hydrateLater(() => import("~/features/account/lazy/ProfileForms").then((m) => m.TermsForm));

export const headers: Route.HeadersFunction = accountPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const session = await requireSession(args);
  return {
    seo: await accountSeo(args, "terms.title"),
    tosLatest: publicUser(session.user).tosLatest,
    version: currentTosVersion,
  };
}

/**
 * accept-tos (docs/requirements.md#account-and-second-factor): TERMS_NOT_LATEST for an older
 * version, MISSING_TERMS_ACCEPT unticked.
 */
export async function action(args: Route.ActionArgs) {
  await guardPost(args, accountWrites.acceptTos.limit);
  const { user } = await requireSession(args);
  const { deps, lang, config } = accountContext(args);
  const result = await parseForm(args.request, acceptTosSchema);
  if (result.status === "error") return { result: result.result };
  const outcome = await accountWrites.acceptTos.run(deps, user, result.value);
  if (!outcome.ok) return refused(result.reply, outcome);
  return redirectWithFlash(
    localizePath("/account", lang),
    { kind: "success", messages: ["account:terms.done"] },
    config,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountTerms({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const localize = useLocalizePath();
  return (
    <>
      <AccountHeading
        label={t("login.label")}
        title={t("terms.title")}
        intro={loaderData.tosLatest ? t("terms.upToDate") : t("terms.intro", { version: loaderData.version })}
      />
      {loaderData.tosLatest ? (
        <p className="account-actions">
          <SiteLink className="button" to={localize("/tos")}>
            {t("terms.read")}
          </SiteLink>
          <SiteLink className="text-link" to={localize("/account")}>
            {t("terms.back")}
          </SiteLink>
        </p>
      ) : (
        <TermsForm lastResult={actionData?.result} version={loaderData.version} />
      )}
    </>
  );
}
