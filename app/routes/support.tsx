import type { SitemapHandle } from "~/features/discovery";
import { FaqSearch } from "~/features/faq";
import { listFaq } from "~/features/faq/index.server";
import { getStudioInfo, loadPageSeo } from "~/features/studio/index.server";
import { SupportContact, SupportTopics } from "~/features/support";
import { SupportReportLinks } from "~/features/support-report";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { PageHeader, pageHeaderArt } from "~/ui/frame/PageHeader";
import type { Route } from "./+types/support";

export const handle: SitemapHandle = { sitemap: true };

export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const [studio, categories] = await Promise.all([getStudioInfo(db, lang), listFaq(db, "support", lang)]);
  const topics = categories.map((category) => ({
    slug: category.slug,
    title: category.title,
    description: category.description,
    questions: category.items.map(({ id, slug, title }) => ({ id, slug, title })),
  }));
  return { seo: await loadPageSeo(args, "support", { studio }), topics, email: studio.email.support };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Support({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("support");
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content")}
        art={pageHeaderArt("support")}
      />
      <div className="container support-search-band">
        <FaqSearch query="" results={null} variant="home" />
      </div>
      <SupportTopics topics={loaderData.topics} />
      <SupportReportLinks />
      <SupportContact email={loaderData.email} />
    </>
  );
}
