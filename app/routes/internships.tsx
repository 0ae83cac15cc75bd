import { useTranslation } from "react-i18next";
import { careersSectionId } from "~/features/careers/CareersSections";
import {
  EarlyCareerJobs,
  InternshipFaq,
  Testimonials,
  YearRoundBanner,
} from "~/features/internships/InternshipSections";
import { loadFaqGroups } from "~/features/pages/faq.server";
import { listOpenJobOffers } from "~/features/studio/studio.server";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { loadPageSeo, routeLanguage } from "~/platform/seo/page-seo.server";
import { PageHeader } from "~/ui/layout/PageHeader";
import type { Route } from "./+types/internships";

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  // Early careers: every internship, and junior roles of any commitment.
  const [internships, juniors, faq, seo] = await Promise.all([
    listOpenJobOffers(db, { lang, commitments: ["internship"] }),
    listOpenJobOffers(db, { lang, levels: ["junior"] }),
    loadFaqGroups(db, "internships", lang),
    loadPageSeo(args, "internships"),
  ]);
  const jobs = [...new Map([...internships, ...juniors].map((job) => [job.id, job])).values()].sort(
    (a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id - b.id,
  );
  return { seo, jobs, faq };
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
        image="/images/pages/internships/header.svg"
      />
      <YearRoundBanner />
      <Testimonials />
      <EarlyCareerJobs jobs={loaderData.jobs} />
      <InternshipFaq groups={loaderData.faq} />
    </>
  );
}
