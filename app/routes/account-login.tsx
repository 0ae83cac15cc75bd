import { redirect } from "react-router";
import { AccountIntro, afterSignIn, codeStepPath } from "~/features/account";
import {
  accountContext,
  accountPageHeaders,
  accountWrites,
  currentSession,
  guardPost,
  loginSchema,
  mfaCookie,
  noStore,
  refused,
  signedInRedirect,
} from "~/features/account/index.server";
import { configuredPlatforms, signInPlatforms } from "~/features/platforms/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import { parseForm } from "~/platform/forms/parse-form.server";
import { pageMeta } from "~/platform/seo/page-meta";
import { hydrateLater } from "~/ui/hydrate-later";
import type { LayoutHandle } from "~/ui/layouts/handle";
import type { Route } from "./+types/account-login";
// Imported by the page, not only by the buttons' module, so they are styled before their code comes.
import "~/features/platforms/platforms.css";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const LoginForm = hydrateLater(() => import("~/features/account/lazy/AccountForms").then((m) => m.LoginForm));
// "Sign in with …": plain forms that work before their code comes, which most sites never load
// (no platform configured: the page does not render them, and neither their code nor their
// texts reach the browser).
const PlatformSignIn = hydrateLater(() =>
  import("~/features/platforms/lazy/PlatformSignIn").then((m) => m.PlatformSignIn),
);

export const headers: Route.HeadersFunction = accountPageHeaders;

/** docs/requirements.md#navigation-and-layout: the login page has its own background style. */
export const handle: LayoutHandle = { backdrop: "login" };

export async function loader(args: Route.LoaderArgs) {
  if (await currentSession(args)) throw redirect(afterSignIn(args.request.url, accountContext(args).lang));
  const seo = await loadPageSeo(args, "accountLogin");
  const { config, lang } = accountContext(args);
  // "Sign in with …" only for the platforms this site is configured for.
  const signInWith = configuredPlatforms(config).filter((p) => signInPlatforms.includes(p));
  return { seo, studioName: seo.siteName, signInWith, lang };
}

export async function action(args: Route.ActionArgs) {
  await guardPost(args, accountWrites.login.limit);
  const { deps, lang, config } = accountContext(args);
  const result = await parseForm(args.request, loginSchema);
  if (result.status === "error") return { result: result.result };
  const outcome = await accountWrites.login.run(deps, result.value);
  if (!outcome.ok) return refused(result.reply, outcome);
  const signIn = outcome.value;
  if (signIn.kind === "mfa") {
    return redirect(codeStepPath(args.request.url, lang), {
      status: 303,
      headers: { "Set-Cookie": mfaCookie(config, signIn.challenge), ...noStore },
    });
  }
  return signedInRedirect(args, signIn);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountLogin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AccountIntro screen="login" studioName={loaderData.studioName}>
      <LoginForm lastResult={actionData?.result} />
      {loaderData.signInWith.length > 0 ? (
        <PlatformSignIn platforms={loaderData.signInWith} language={loaderData.lang} />
      ) : null}
    </AccountIntro>
  );
}
