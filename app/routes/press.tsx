import { useTranslation } from "react-i18next";
import { FactSheet, PressContact } from "~/features/press/PressSections";
import { getHomeContent, getStudioInfo, listOffices } from "~/features/studio/studio.server";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { loadPageSeo, routeLanguage } from "~/platform/seo/page-seo.server";
import { PageHeader } from "~/ui/layout/PageHeader";
import type { Route } from "./+types/press";

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const [studio, offices, home] = await Promise.all([
    getStudioInfo(db, lang),
    listOffices(db, lang),
    getHomeContent(db, lang),
  ]);
  return {
    seo: await loadPageSeo(args, "press", { studio }),
    facts: {
      name: studio.name,
      foundedYear: studio.foundedYear,
      companySize: studio.companySize,
      website: studio.website,
      studios: offices.map((office) => office.name),
      games: home.games.map(({ slug, name, tagline, image, platforms }) => ({
        slug,
        name,
        tagline,
        image,
        platforms,
      })),
    },
    email: studio.email.press,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Press({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("press");
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content", { studio: loaderData.facts.name })}
      />
      <FactSheet facts={loaderData.facts} />
      <PressContact email={loaderData.email} />
    </>
  );
}
