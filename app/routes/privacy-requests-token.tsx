import { PersonalDataList } from "~/features/privacy-requests";
import { loadPageSeo } from "~/features/studio/index.server";
import "~/features/privacy-requests/privacy-requests.css";
import { data } from "react-router";
import {
  loadPrivacyRequestPage,
  removeByPrivacyLink,
  removeEverythingByPrivacyLink,
} from "~/features/privacy-requests/index.server";
import { noStore } from "~/platform/cache/page-headers";
import { readForm } from "~/platform/forms/parse-form.server";
import { SiteLink } from "~/platform/http/prefetch";
import { consumeFormLimit, consumePageLimit } from "~/platform/http/route-limits.server";
import { localizePath } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import type { Route } from "./+types/privacy-requests-token";

/**
 * Everything tied to an address, by the private link e-mailed to it
 * (docs/requirements.md#data-rights): each submission with Download and Delete, and both for
 * all of them; the account is only named, with the way to sign in for its part. Like a status
 * page: never cached nor indexed, Referrer-Policy "same-origin" (under "no-referrer" the browser
 * posts `Origin: null` and the page's own forms would be refused without JavaScript). Opening
 * it changes nothing; deleting asks first.
 */
export const headers: Route.HeadersFunction = () => ({
  "Referrer-Policy": "same-origin",
  ...noStore,
  "X-Robots-Tag": "noindex",
});

export async function loader(args: Route.LoaderArgs) {
  await consumePageLimit(args.context, "privacy-requests");
  const services = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const t = await translator(lang, "privacy");
  const seo = await loadPageSeo(args, "status", { title: t("page.title") });
  const pageUrl = localizePath(`/privacy/requests/${args.params.token}`, lang);
  const page = await loadPrivacyRequestPage(services, args.params.token, lang);
  if (!page) return data({ seo, state: "invalid" as const, pageUrl }, { status: 404 });
  const asking = new URL(args.request.url).searchParams.get("delete");
  return { seo, state: "found" as const, pageUrl, asking, ...page };
}

export async function action(args: Route.ActionArgs) {
  await consumeFormLimit(args.context, "privacy-requests");
  const services = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const pageUrl = localizePath(`/privacy/requests/${args.params.token}`, lang);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "deleteAll") {
    const outcome = await removeEverythingByPrivacyLink(services, args.params.token);
    if (!outcome.ok) throw data({ messages: ["NOT_FOUND"] }, { status: 404 });
    // This link went with everything else: the request page says it is done.
    return redirectWithFlash(
      localizePath("/privacy/requests", lang),
      { kind: "success", messages: ["privacy:page.deletedAll"] },
      services.config,
    );
  }
  const kind = form.get("kind");
  const id = form.get("id");
  if (intent !== "delete" || typeof kind !== "string" || typeof id !== "string") {
    throw data({ messages: ["INVALID_PARAMETERS"] }, { status: 400 });
  }
  const outcome = await removeByPrivacyLink(services, args.params.token, kind, id);
  // Back to the page only when its link opens: the address is then the token the site made.
  if (!outcome.ok && outcome.code === "noLink") throw data({ messages: ["NOT_FOUND"] }, { status: 404 });
  return redirectWithFlash(
    pageUrl,
    outcome.ok
      ? { kind: "success", messages: ["held-data:deleted"] }
      : { kind: "error", messages: ["held-data:notFound"] },
    services.config,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.seo),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export default function PrivacyRequestPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("privacy");
  const localize = useLocalizePath();
  if (loaderData.state === "invalid") {
    return (
      <section className="privacy-requests" aria-labelledby="privacy-page-title">
        <h1 id="privacy-page-title">{t("invalid.title")}</h1>
        <p>{t("invalid.body")}</p>
        <p>
          <SiteLink className="button button--primary" to={localize("/privacy/requests")}>
            {t("request.submit")}
          </SiteLink>
        </p>
      </section>
    );
  }
  return (
    <section className="privacy-requests" aria-labelledby="privacy-page-title">
      <h1 id="privacy-page-title">{t("page.title")}</h1>
      <p className="lead-copy">{t("page.intro", { email: loaderData.email })}</p>
      <PersonalDataList
        groups={loaderData.groups}
        signIn={loaderData.signIn}
        pageHref={loaderData.pageUrl}
        downloadHref={`${loaderData.pageUrl}/download`}
        asking={loaderData.asking}
      />
    </section>
  );
}
