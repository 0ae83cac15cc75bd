import { useTranslation } from "react-i18next";
import {
  CareersAbout,
  careersSectionId,
  OpenApplicationTeaser,
  OpenPositions,
  RecruitmentProcess,
  StudioLocations,
  WhyJoinUs,
} from "~/features/careers/CareersSections";
import { getStudioInfo, listOffices, listOpenJobOffers } from "~/features/studio/studio.server";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { loadPageSeo, routeLanguage } from "~/platform/seo/page-seo.server";
import { PageHeader } from "~/ui/layout/PageHeader";
import type { Route } from "./+types/careers";

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const [studio, jobs, offices] = await Promise.all([
    getStudioInfo(db, lang),
    listOpenJobOffers(db, { lang }),
    listOffices(db, lang),
  ]);
  const openApplication = jobs.find((job) => job.level.slug === "open-application");
  return {
    seo: await loadPageSeo(args, "careers", { studio }),
    studio: { name: studio.name, companySize: studio.companySize },
    jobs,
    offices: offices.map(({ slug, name, country }) => ({ slug, name, country })),
    openApplicationId: openApplication?.id ?? null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { studio, jobs, offices, openApplicationId } = loaderData;
  const { t } = useTranslation("careers");
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content", { count: studio.companySize, offices: offices.length })}
        button={{ label: t("header.button"), targetId: careersSectionId }}
        image="/images/pages/careers/header.svg"
      />
      <CareersAbout studioName={studio.name} />
      <OpenPositions jobs={jobs} />
      <OpenApplicationTeaser openApplicationId={openApplicationId} />
      <WhyJoinUs />
      <RecruitmentProcess />
      <StudioLocations offices={offices} />
    </>
  );
}
