import { AccountHeading } from "~/features/account";
import {
  accountContext,
  accountPageHeaders,
  accountSeo,
  accountWrites,
  forgotSchema,
  guardPost,
} from "~/features/account/index.server";
import { parseForm } from "~/platform/forms/parse-form.server";
import { localizePath } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import { hydrateLater } from "~/ui/hydrate-later";
import type { LayoutHandle } from "~/ui/layouts/handle";
import type { Route } from "./+types/account-forgot";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const ForgotForm = hydrateLater(() =>
  import("~/features/account/lazy/AccountForms").then((m) => m.ForgotForm),
);

// The sign-in screen's backdrop: every screen of the way in looks like one place.
export const handle: LayoutHandle = { backdrop: "login" };

export const headers: Route.HeadersFunction = accountPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  return { seo: await accountSeo(args, "forgot.title") };
}

export async function action(args: Route.ActionArgs) {
  await guardPost(args, accountWrites.forgotPassword.limit);
  const { deps, lang, config } = accountContext(args);
  const result = await parseForm(args.request, forgotSchema);
  if (result.status === "error") return { result: result.result };
  // Started, not awaited (see accountWrites): the answer must not take longer when an account exists.
  await accountWrites.forgotPassword.run(deps, result.value.identifier);
  return redirectWithFlash(
    localizePath("/account/login", lang),
    { kind: "success", messages: ["account:forgot.sent"] },
    config,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountForgot({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <>
      <AccountHeading label={t("login.label")} title={t("forgot.title")} intro={t("forgot.intro")} />
      <ForgotForm lastResult={actionData?.result} />
    </>
  );
}
