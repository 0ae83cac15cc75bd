import { parsePhoneNumberFromString } from "libphonenumber-js";
import { data } from "react-router";
import {
  ContactFormIntro,
  ContactTiles,
  contactCategories,
  contactFormAnchor,
  OfficeList,
  OfficeMap,
} from "~/features/contact";
import {
  contactCaptchaAction,
  contactCspExtras,
  contactFormTexts,
  contactLimit,
  contactSchema,
  submitContact,
} from "~/features/contact/index.server";
import type { SitemapHandle } from "~/features/discovery";
import { listOffices } from "~/features/offices/index.server";
import { getStudioInfo, loadPageSeo } from "~/features/studio/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { parseForm } from "~/platform/forms/parse-form.server";
import { toFormReply } from "~/platform/http/outcome.server";
import { consumeFormLimit } from "~/platform/http/route-limits.server";
import { localizePath } from "~/platform/i18n/languages";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageCspHeader } from "~/platform/security/headers.server";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { redirectToConfirmation } from "~/ui/feedback/flash.server";
import { PageHeader, pageHeaderArt } from "~/ui/frame/PageHeader";
import { hydrateLater } from "~/ui/hydrate-later";
import type { Route } from "./+types/contact";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const ContactForm = hydrateLater(() =>
  import("~/features/contact/lazy/ContactForm").then((m) => m.ContactForm),
);

export const handle: SitemapHandle = { sitemap: true };

export async function loader(args: Route.LoaderArgs) {
  const { db, config } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const [studio, offices] = await Promise.all([getStudioInfo(db, lang), listOffices(db, lang)]);
  return data(
    {
      seo: await loadPageSeo(args, "contact", { studio }),
      studioName: studio.name,
      email: { general: studio.email.general, press: studio.email.press },
      // The bot check runs in the browser only when a site key is configured.
      captcha: config.RECAPTCHA_SITE_KEY
        ? {
            siteKey: config.RECAPTCHA_SITE_KEY,
            scriptUrl: config.RECAPTCHA_SCRIPT_URL,
            action: contactCaptchaAction,
          }
        : null,
      retentionMonths: config.CONTACT_RETENTION_MONTHS,
      mapTiles: config.MAP_TILE_URL
        ? { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION }
        : null,
      sent: new URL(args.request.url).searchParams.has("sent"),
      offices: offices.map(
        ({ slug, name, country, address, latitude, longitude, phone, email, artFocus }) => ({
          slug,
          name,
          country,
          address,
          latitude,
          longitude,
          artFocus,
          // Stored as E.164; shown grouped the international way ("+44 1632 960418").
          phone: phone ? (parsePhoneNumberFromString(phone)?.formatInternational() ?? phone) : null,
          phoneHref: phone,
          email,
        }),
      ),
    },
    { headers: pageCspHeader(contactCspExtras(config)) },
  );
}

/**
 * The map's tiles and reCAPTCHA's origins in this page's CSP only, when configured (the loader's
 * pageCspHeader, which sharedPageHeaders passes on).
 */
export const headers = sharedPageHeaders;

export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  await consumeFormLimit(args.context, contactLimit);
  const form = await parseForm(args.request, contactSchema);
  if (form.status === "error") return { result: form.result };
  const outcome = await submitContact(services, form.value, { lang });
  if (!outcome.ok) return { result: toFormReply(outcome, form.reply, contactFormTexts) };
  // The same answer for a dropped (honeypot) message: a bot learns nothing.
  // The page shows the confirmation where the form was: no toast repeating it.
  return redirectToConfirmation(`${localizePath("/contact", lang)}?sent=1#${contactFormAnchor}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contact");
  const localize = useLocalizePath();
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content", { studio: loaderData.studioName })}
        art={pageHeaderArt("contact")}
      />
      <ContactTiles email={loaderData.email} />
      <OfficeList
        offices={loaderData.offices}
        map={<OfficeMap offices={loaderData.offices} tiles={loaderData.mapTiles} />}
      />
      <ContactFormIntro email={loaderData.email.general} sent={loaderData.sent}>
        <ContactForm
          lastResult={actionData?.result}
          categories={contactCategories.map(({ slug }) => ({
            value: slug,
            label: t(`form.categories.${slug}`),
          }))}
          captcha={loaderData.captcha}
          studio={loaderData.studioName}
          retentionMonths={loaderData.retentionMonths}
          action={`${localize("/contact")}#${contactFormAnchor}`}
        />
      </ContactFormIntro>
    </>
  );
}
