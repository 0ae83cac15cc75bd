import { AlertsIntro, alertFilterKeys } from "~/features/alerts";
import {
  alertCreateLimit,
  alertCreateSchema,
  alertDictionaries,
  alertFormTexts,
  subscribeToJobs,
} from "~/features/alerts/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import "~/features/alerts/alerts.css";
import type { AlertFormValues } from "~/features/alerts/lazy/AlertForm";
import type { SitemapHandle } from "~/features/discovery";
import { filtersFromSearch } from "~/features/jobs";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { parseForm } from "~/platform/forms/parse-form.server";
import { toFormReply } from "~/platform/http/outcome.server";
import { consumeFormLimit } from "~/platform/http/route-limits.server";
import { localizePath } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { redirectToConfirmation } from "~/ui/feedback/flash.server";
import { PageHeader, pageHeaderArt } from "~/ui/frame/PageHeader";
import { hydrateLater } from "~/ui/hydrate-later";
import { Section } from "~/ui/page-kit/Section";
import type { Route } from "./+types/alerts";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const AlertForm = hydrateLater(() => import("~/features/alerts/lazy/AlertForm").then((m) => m.AlertForm));

export const createFormId = "alert-create";
/** The section around the form: the answer to a post scrolls here. */
const createSectionId = "create-alert";

export const handle: SitemapHandle = { sitemap: true };

export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const [seo, options] = await Promise.all([loadPageSeo(args, "alerts"), alertDictionaries(db, lang)]);
  // Pre-filled from the careers filters (names agreed with careers: location/studio, team…).
  const query = new URL(args.request.url).searchParams;
  const defaults: AlertFormValues = { language: lang };
  const filters = filtersFromSearch(query);
  for (const key of alertFilterKeys) {
    const value = filters[key];
    if (value && options[key].some((option) => option.value === value)) defaults[key] = value;
  }
  return { seo, studioName: seo.siteName, options, defaults, created: query.has("created") };
}

export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  await consumeFormLimit(args.context, alertCreateLimit);
  const form = await parseForm(args.request, alertCreateSchema);
  if (form.status === "error") return { result: form.result };
  const outcome = await subscribeToJobs(services, form.value);
  if (!outcome.ok) return { result: toFormReply(outcome, form.reply, alertFormTexts) };
  // The page shows the confirmation where the form was: no toast repeating it.
  return redirectToConfirmation(`${localizePath("/alerts", lang)}?created#${createSectionId}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function Alerts({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content", { studio: loaderData.studioName })}
        art={pageHeaderArt("alerts")}
      />
      <Section id={createSectionId} title={t("form.title")} intro={t("form.intro")} width="narrow">
        <div className="alert-panel">
          {loaderData.created ? (
            <div className="alert-created" role="status">
              <p>
                <strong>{t("created")}</strong>
              </p>
              <p>{t("createdNext")}</p>
            </div>
          ) : null}
          <AlertForm
            mode="create"
            id={createFormId}
            options={loaderData.options}
            defaults={loaderData.defaults}
            lastResult={actionData?.result}
          />
        </div>
      </Section>
      <AlertsIntro />
    </>
  );
}
