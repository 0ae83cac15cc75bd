import { redirect } from "react-router";
import { AccountHeading } from "~/features/account";
import {
  accountContext,
  accountPageHeaders,
  accountSeo,
  accountWrites,
  clearCookie,
  codeSchema,
  guardPost,
  refused,
  signedInRedirect,
} from "~/features/account/index.server";
import { parseForm } from "~/platform/forms/parse-form.server";
import { localizePath } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import { hydrateLater } from "~/ui/hydrate-later";
import type { LayoutHandle } from "~/ui/layouts/handle";
import type { Route } from "./+types/account-code";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const CodeForm = hydrateLater(() => import("~/features/account/lazy/AccountForms").then((m) => m.CodeForm));

export const headers: Route.HeadersFunction = accountPageHeaders;

export const handle: LayoutHandle = { backdrop: "login" };

/**
 * The login's second step (mfa/submitcode, docs/requirements.md#account-and-second-factor): reached
 * only with a pending challenge.
 */
export async function loader(args: Route.LoaderArgs) {
  const { cookies, lang } = accountContext(args);
  if (!cookies.mfa) throw redirect(localizePath("/account/login", lang));
  return { seo: await accountSeo(args, "code.title") };
}

export async function action(args: Route.ActionArgs) {
  await guardPost(args, accountWrites.submitCode.limit);
  const { deps, config, cookies } = accountContext(args);
  const result = await parseForm(args.request, codeSchema);
  if (result.status === "error") return { result: result.result };
  const outcome = await accountWrites.submitCode.run(deps, cookies.mfa, result.value.code);
  if (!outcome.ok) return refused(result.reply, outcome);
  return signedInRedirect(args, outcome.value, [clearCookie(config, "mfa")]);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountCode({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <>
      <AccountHeading label={t("login.label")} title={t("code.title")} intro={t("code.intro")} />
      <CodeForm lastResult={actionData?.result} label={t("code.label")} />
    </>
  );
}
