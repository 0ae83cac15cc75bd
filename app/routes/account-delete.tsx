import { redirect } from "react-router";
import { AccountHeading } from "~/features/account";
import {
  accountContext,
  accountPageHeaders,
  accountSeo,
  accountWrites,
  clearSessionCookies,
  guardPost,
  noStore,
  passwordOnlySchema,
  refused,
  requireSession,
} from "~/features/account/index.server";
import { parseForm } from "~/platform/forms/parse-form.server";
import { localizePath } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import { flashCookie } from "~/ui/feedback/flash.server";
import { hydrateLater } from "~/ui/hydrate-later";
import type { Route } from "./+types/account-delete";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const PasswordConfirmForm = hydrateLater(() =>
  import("~/features/account/lazy/AccountForms").then((m) => m.PasswordConfirmForm),
);

export const headers: Route.HeadersFunction = accountPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  await requireSession(args);
  return { seo: await accountSeo(args, "delete.title") };
}

/** The password is the confirmation: nothing is deleted on a click alone. */
export async function action(args: Route.ActionArgs) {
  await guardPost(args, accountWrites.deleteAccount.limit);
  const session = await requireSession(args);
  const { deps, lang, config } = accountContext(args);
  const result = await parseForm(args.request, passwordOnlySchema);
  if (result.status === "error") return { result: result.result };
  const outcome = await accountWrites.deleteAccount.run(deps, session.user, result.value.password);
  if (!outcome.ok) return refused(result.reply, outcome);
  const headers = new Headers(noStore);
  for (const cookie of clearSessionCookies(config)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", flashCookie(config, { kind: "success", messages: ["account:delete.done"] }));
  return redirect(localizePath("/account/login", lang), { status: 303, headers });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountDelete({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <>
      <AccountHeading
        backToAccount
        label={t("login.label")}
        title={t("delete.title")}
        intro={t("delete.intro")}
      />
      <PasswordConfirmForm
        lastResult={actionData?.result}
        intent="delete"
        submit={t("delete.submit")}
        danger
      />
    </>
  );
}
