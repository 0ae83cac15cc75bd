import { data } from "react-router";
import type { SitemapHandle } from "~/features/discovery";
import { FaqResultList } from "~/features/faq";
import { getFaqCategory } from "~/features/faq/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import { SupportBreadcrumb } from "~/features/support";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { PageHeader } from "~/ui/frame/PageHeader";
import { Section } from "~/ui/page-kit/Section";
import type { Route } from "./+types/support-category";

/** /support/category/:slug: one support topic and its questions. */
export const handle: SitemapHandle = { sitemap: { pages: "support-categories" } };

export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const category = await getFaqCategory(db, args.params.slug, routeLanguage(args.params));
  // Internship and playtest FAQs have their own pages: only support topics live here.
  if (category?.section !== "support") throw data(null, { status: 404 });
  return { seo: await loadPageSeo(args, "support", { title: category.title }), category };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function SupportCategory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("support");
  const localize = useLocalizePath();
  const { category } = loaderData;
  return (
    <>
      <SupportBreadcrumb trail={[{ label: category.title }]} />
      <PageHeader
        label={t("header.label")}
        title={category.title}
        content={category.description ?? undefined}
      />
      <Section title={t("category.questions")} width="narrow">
        {category.items.length > 0 ? (
          <FaqResultList items={category.items} showCategory={false} />
        ) : (
          <p>{t("faq.empty")}</p>
        )}
        <p className="support-back">
          <SiteLink to={`${localize("/support")}#topics`}>{t("category.back")}</SiteLink>
        </p>
      </Section>
    </>
  );
}
