import type { SitemapHandle } from "~/features/discovery";
import { listFaqGroups } from "~/features/faq/index.server";
import {
  CurrentPlaytests,
  Eligibility,
  HowItWorks,
  PlaytestFaq,
  playtestLocations,
  SignUpByLocation,
  signUpSectionId,
  WhatIsPlaytesting,
} from "~/features/playtesting";
import {
  listCurrentPlaytests,
  listPlaytestSites,
  playtestSignupSchema,
  SignupRefused,
  signUpPlaytester,
} from "~/features/playtesting/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { parseForm } from "~/platform/forms/parse-form.server";
import { consumeFormLimit } from "~/platform/http/route-limits.server";
import { localizePath } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import { PageHeader, pageHeaderArt } from "~/ui/frame/PageHeader";
import { hydrateLater } from "~/ui/hydrate-later";
import type { Route } from "./+types/playtesting";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const SignupForm = hydrateLater(() =>
  import("~/features/playtesting/lazy/SignupForm").then((m) => m.SignupForm),
);

export const handle: SitemapHandle = { sitemap: true };

export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { db, config } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const [sites, playtests, faq, seo] = await Promise.all([
    listPlaytestSites(db, lang),
    listCurrentPlaytests(db, lang),
    listFaqGroups(db, "playtesting", lang),
    loadPageSeo(args, "playtesting"),
  ]);
  const locations = playtestLocations.map(({ key }) => {
    const office = sites.find((s) => s.slug === key)?.office;
    return { key, office: office ? { name: office.name, address: office.address } : null };
  });
  const requested = new URL(args.request.url).searchParams.get("location");
  const defaultLocation = playtestLocations.some((l) => l.key === requested) ? requested! : undefined;
  return {
    seo,
    playtests,
    faq,
    locations,
    retentionMonths: config.PLAYTEST_RETENTION_MONTHS,
    defaultLocation,
  };
}

export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  await consumeFormLimit(args.context, "playtest-signup");
  const result = await parseForm(args.request, playtestSignupSchema);
  if (result.status === "error") return { result: result.result };
  try {
    const { surveyToken } = await signUpPlaytester(services, result.value, { lang });
    return redirectWithFlash(
      `${localizePath("/playtesting/survey", lang)}?token=${surveyToken}`,
      { kind: "success", messages: ["playtesting:survey.signedUp"] },
      services.config,
    );
  } catch (err) {
    if (err instanceof SignupRefused) {
      const field = err.code === "underage" ? "dateOfBirth" : "location";
      return { result: result.reply({ fieldErrors: { [field]: [`playtesting:errors.${err.code}`] } }) };
    }
    services.logger.error({ err }, "playtest sign-up failed");
    return { result: result.reply({ formErrors: ["playtesting:form.failed"] }) };
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Playtesting({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("playtesting");
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content")}
        button={{ label: t("header.button"), targetId: signUpSectionId }}
        art={pageHeaderArt("playtesting")}
      />
      <WhatIsPlaytesting />
      <CurrentPlaytests playtests={loaderData.playtests} />
      <Eligibility />
      <HowItWorks />
      <PlaytestFaq groups={loaderData.faq} />
      <SignUpByLocation locations={loaderData.locations}>
        <SignupForm
          // A location link remounts the form with that location chosen.
          key={loaderData.defaultLocation ?? "any"}
          lastResult={actionData?.result}
          retentionMonths={loaderData.retentionMonths}
          defaultLocation={loaderData.defaultLocation}
          locations={playtestLocations.map(({ key }) => ({
            value: key,
            label: t(`signUp.locations.${key}`),
          }))}
        />
      </SignUpByLocation>
    </>
  );
}
