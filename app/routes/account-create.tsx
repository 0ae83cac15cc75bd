import { AccountIntro } from "~/features/account/AccountIntro";
import { pageMeta } from "~/platform/seo/page-meta";
import { loadPageSeo } from "~/platform/seo/page-seo.server";
import type { Route } from "./+types/account-create";

export async function loader(args: Route.LoaderArgs) {
  const seo = await loadPageSeo(args, "accountCreate");
  return { seo, studioName: seo.siteName };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountCreate({ loaderData }: Route.ComponentProps) {
  return <AccountIntro screen="create" studioName={loaderData.studioName} />;
}
