import { redirect } from "react-router";
import { AccountIntro } from "~/features/account";
import {
  accountContext,
  accountPageHeaders,
  accountWrites,
  createAccountSchema,
  guardPost,
  refused,
} from "~/features/account/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import { parseForm } from "~/platform/forms/parse-form.server";
import { localizePath } from "~/platform/i18n/languages";
import { pageMeta } from "~/platform/seo/page-meta";
import { hydrateLater } from "~/ui/hydrate-later";
import type { LayoutHandle } from "~/ui/layouts/handle";
import type { Route } from "./+types/account-create";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const CreateForm = hydrateLater(() =>
  import("~/features/account/lazy/AccountForms").then((m) => m.CreateForm),
);

// The sign-in screen's backdrop: every screen of the way in looks like one place.
export const handle: LayoutHandle = { backdrop: "login" };

export const headers: Route.HeadersFunction = accountPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const seo = await loadPageSeo(args, "accountCreate");
  return { seo, studioName: seo.siteName };
}

export async function action(args: Route.ActionArgs) {
  await guardPost(args, accountWrites.createAccount.limit);
  const { deps, lang } = accountContext(args);
  const result = await parseForm(args.request, createAccountSchema);
  if (result.status === "error") return { result: result.result };
  const outcome = await accountWrites.createAccount.run(deps, result.value, lang);
  if (!outcome.ok) return refused(result.reply, outcome);
  // The same page whether the address was new or already had an account (see createAccount).
  return redirect(`${localizePath("/account/verify", lang)}?sent=1`, 303);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountCreate({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountIntro screen="create" studioName={loaderData.studioName}>
      <CreateForm lastResult={actionData?.result} />
    </AccountIntro>
  );
}
