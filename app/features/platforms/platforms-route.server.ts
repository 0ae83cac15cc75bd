import type { RouterContextProvider } from "react-router";
import { loadPageSeo, type PageLoaderArgs, routeLanguage, serverT } from "~/platform/seo/page-seo.server";

/** The platforms and merch pages' SEO: the account description, the page's own title. */
export async function platformsSeo(
  args: PageLoaderArgs & { context: Readonly<RouterContextProvider> },
  titleKey: string,
) {
  const t = await serverT(routeLanguage(args.params), "platforms");
  return loadPageSeo(args, "accountLogin", { title: t(titleKey) });
}
