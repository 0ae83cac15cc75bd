import { careersSectionId } from "~/features/careers";
import type { SitemapHandle } from "~/features/discovery";
import { listFaqGroups } from "~/features/faq/index.server";
import { EarlyCareerJobs, InternshipFaq, Testimonials, YearRoundBanner } from "~/features/internships";
import { jobCard } from "~/features/jobs";
import { searchJobOffers } from "~/features/jobs/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { PageHeader, pageHeaderArt } from "~/ui/frame/PageHeader";
import type { Route } from "./+types/internships";

export const handle: SitemapHandle = { sitemap: true };
export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  // Early careers: every internship, and junior roles of any commitment.
  const [{ items: jobs }, faq, seo] = await Promise.all([
    searchJobOffers(db, { lang, earlyCareer: true, pageSize: 100 }),
    listFaqGroups(db, "internships", lang),
    loadPageSeo(args, "internships"),
  ]);
  return { seo, jobs: jobs.map(jobCard), faq };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Internships({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("internships");
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content")}
        button={{ label: t("header.button"), targetId: careersSectionId }}
        art={pageHeaderArt("internships")}
      />
      <YearRoundBanner />
      <Testimonials />
      <EarlyCareerJobs jobs={loaderData.jobs} />
      <InternshipFaq groups={loaderData.faq} />
    </>
  );
}
