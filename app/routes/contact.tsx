import { parsePhoneNumberFromString } from "libphonenumber-js";
import { useTranslation } from "react-i18next";
import { ContactFormIntro, ContactTiles, OfficeList } from "~/features/contact/ContactSections";
import { getStudioInfo, listOffices } from "~/features/studio/studio.server";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { loadPageSeo, routeLanguage } from "~/platform/seo/page-seo.server";
import { PageHeader } from "~/ui/layout/PageHeader";
import type { Route } from "./+types/contact";

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const [studio, offices] = await Promise.all([getStudioInfo(db, lang), listOffices(db, lang)]);
  return {
    seo: await loadPageSeo(args, "contact", { studio }),
    studioName: studio.name,
    email: { general: studio.email.general, press: studio.email.press },
    offices: offices.map(({ slug, name, country, address, latitude, longitude, phone, email }) => ({
      slug,
      name,
      country,
      address,
      latitude,
      longitude,
      // Stored as E.164; shown grouped the international way ("+44 1632 960418").
      phone: phone ? (parsePhoneNumberFromString(phone)?.formatInternational() ?? phone) : null,
      phoneHref: phone,
      email,
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("contact");
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content", { studio: loaderData.studioName })}
        image="/images/pages/contact/header.svg"
      />
      <ContactTiles email={loaderData.email} />
      <OfficeList offices={loaderData.offices} />
      <ContactFormIntro email={loaderData.email.general} />
    </>
  );
}
