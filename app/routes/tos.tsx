import type { SitemapHandle } from "~/features/discovery";
import { LegalPage } from "~/features/legal";
import { loadLegalPage } from "~/features/legal/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { pageMeta } from "~/platform/seo/page-meta";
import type { Route } from "./+types/tos";

export const loader = (args: Route.LoaderArgs) => loadLegalPage(args, "tos", "tos", "general");

export const handle: SitemapHandle = { sitemap: true };

export const headers = sharedPageHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  return <LegalPage page="tos" data={loaderData.content} showVersion />;
}
