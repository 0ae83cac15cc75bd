import { useTranslation } from "react-i18next";
import { AlertsIntro } from "~/features/alerts/AlertsIntro";
import { pageMeta } from "~/platform/seo/page-meta";
import { loadPageSeo } from "~/platform/seo/page-seo.server";
import { PageHeader } from "~/ui/layout/PageHeader";
import type { Route } from "./+types/alerts";

export async function loader(args: Route.LoaderArgs) {
  const seo = await loadPageSeo(args, "alerts");
  return { seo, studioName: seo.siteName };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Alerts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content", { studio: loaderData.studioName })}
        image="/images/pages/alerts/header.svg"
      />
      <AlertsIntro />
    </>
  );
}
