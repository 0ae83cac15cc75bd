import { AccountHeading } from "~/features/account";
import {
  accountContext,
  accountPageHeaders,
  accountSeo,
  accountWrites,
  guardPost,
  refused,
  resetSchema,
} from "~/features/account/index.server";
import { parseForm } from "~/platform/forms/parse-form.server";
import { localizePath } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import { hydrateLater } from "~/ui/hydrate-later";
import type { LayoutHandle } from "~/ui/layouts/handle";
import type { Route } from "./+types/account-reset";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const ResetForm = hydrateLater(() => import("~/features/account/lazy/AccountForms").then((m) => m.ResetForm));

// The sign-in screen's backdrop: every screen of the way in looks like one place.
export const handle: LayoutHandle = { backdrop: "login" };

export const headers: Route.HeadersFunction = accountPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  return {
    seo: await accountSeo(args, "reset.title"),
    token: new URL(args.request.url).searchParams.get("token") ?? "",
  };
}

export async function action(args: Route.ActionArgs) {
  await guardPost(args, accountWrites.resetPassword.limit);
  const { deps, lang, config } = accountContext(args);
  const result = await parseForm(args.request, resetSchema);
  if (result.status === "error") return { result: result.result };
  const outcome = await accountWrites.resetPassword.run(deps, result.value.token, result.value.password);
  if (!outcome.ok) return refused(result.reply, outcome);
  return redirectWithFlash(
    localizePath("/account/login", lang),
    { kind: "success", messages: ["account:reset.done"] },
    config,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountReset({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <>
      <AccountHeading label={t("login.label")} title={t("reset.title")} intro={t("reset.intro")} />
      <ResetForm lastResult={actionData?.result} token={loaderData.token} />
    </>
  );
}
