import { Form } from "react-router";
import { AccountHeading } from "~/features/account";
import {
  accountContext,
  accountPageHeaders,
  accountSeo,
  accountWrites,
  guardPost,
  tokenSchema,
} from "~/features/account/index.server";
import { parseForm } from "~/platform/forms/parse-form.server";
import { SiteLink } from "~/platform/http/prefetch";
import { localizePath } from "~/platform/i18n/languages";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import type { LayoutHandle } from "~/ui/layouts/handle";
import type { Route } from "./+types/account-verify";

// The sign-in screen's backdrop: every screen of the way in looks like one place.
export const handle: LayoutHandle = { backdrop: "login" };

export const headers: Route.HeadersFunction = accountPageHeaders;

/**
 * The e-mailed link lands here; the address is confirmed by the button's POST, not by the GET,
 * so mail scanners that open links do not use the single-use token up.
 */
export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  return {
    seo: await accountSeo(args, "verify.title"),
    token: url.searchParams.get("token") ?? "",
    sent: url.searchParams.has("sent"),
  };
}

export async function action(args: Route.ActionArgs) {
  await guardPost(args, accountWrites.validateEmail.limit);
  const { deps, lang, config } = accountContext(args);
  const result = await parseForm(args.request, tokenSchema);
  if (result.status === "error") return { failed: true };
  if (!(await accountWrites.validateEmail.run(deps, result.value.token)).ok) return { failed: true };
  return redirectWithFlash(
    localizePath("/account/login", lang),
    { kind: "success", messages: ["account:verify.done"] },
    config,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountVerify({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const localize = useLocalizePath();
  if (loaderData.sent || !loaderData.token) {
    return (
      <>
        <AccountHeading
          label={t("create.label")}
          title={t("verify.sentTitle")}
          intro={t("verify.sentIntro")}
        />
        <p>
          <SiteLink className="text-link" to={localize("/account/login")}>
            {t("create.login")}
          </SiteLink>
        </p>
      </>
    );
  }
  return (
    <>
      <AccountHeading label={t("create.label")} title={t("verify.title")} intro={t("verify.intro")} />
      {actionData?.failed ? (
        <p className="form-errors" role="alert">
          {t("verify.failed")}
        </p>
      ) : null}
      <Form method="post" className="account-form">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="button button--primary">
          {t("verify.submit")}
        </button>
      </Form>
    </>
  );
}
