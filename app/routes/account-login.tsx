import { AccountIntro } from "~/features/account/AccountIntro";
import { pageMeta } from "~/platform/seo/page-meta";
import { loadPageSeo } from "~/platform/seo/page-seo.server";
import type { LayoutHandle } from "~/ui/layouts/handle";
import type { Route } from "./+types/account-login";

/** SPEC §2: the login page has its own background style. */
export const handle: LayoutHandle = { backdrop: "login" };

export async function loader(args: Route.LoaderArgs) {
  const seo = await loadPageSeo(args, "accountLogin");
  return { seo, studioName: seo.siteName };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountLogin({ loaderData }: Route.ComponentProps) {
  return <AccountIntro screen="login" studioName={loaderData.studioName} />;
}
