import "~/features/status/status.css";
import { data, type ShouldRevalidateFunction } from "react-router";
import { StatusDataCard, statusViews } from "~/features/status";
import {
  actOnStatusLink,
  deleteByStatusLink,
  loadStatusPage,
  type StatusPage as StatusPageData,
} from "~/features/status/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import { noStore } from "~/platform/cache/page-headers";
import { type FormReply, readForm } from "~/platform/forms/parse-form.server";
import type { UploadLimits } from "~/platform/forms/upload-rules";
import { SiteLink } from "~/platform/http/prefetch";
import { consumeFormLimit, consumePageLimit } from "~/platform/http/route-limits.server";
import { localizePath } from "~/platform/i18n/languages";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import type { Services } from "~/platform/services.server";
import { statusLinkGone } from "~/platform/status/links.server";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import { hydrateLater } from "~/ui/hydrate-later";
import type { Route } from "./+types/status";

const EmailRequestForm = hydrateLater(() =>
  import("~/ui/forms/EmailRequestForm").then((m) => m.EmailRequestForm),
);

/**
 * A submission's private status page (docs/requirements.md#status-pages). The token is in the
 * path: never stored by a cache, never indexed, and no Referer leaves for another site
 * ("same-origin": under "no-referrer" the browser posts `Origin: null` and the site's own
 * forms would be refused without JavaScript; docs/decisions/0029-status-links-and-studio-tools.md).
 * Opening it changes nothing: withdrawing and deleting are POSTs that ask first; downloading
 * posts to routes/status-download.ts; adding information to an issue report is a POST of its
 * form (`?intent=comment`). Each kind's view lives in its feature. A link that expired or was
 * replaced answers 410, page and posts alike, with nothing of its submission and the lost-link
 * form (docs/decisions/0044-status-links-expire.md).
 */
export const headers: Route.HeadersFunction = () => ({
  ...noStore,
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
});

export async function loader(args: Route.LoaderArgs) {
  await consumePageLimit(args.context, "status");
  const services = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const pageUrl = localizePath(`/status/${args.params.token}`, lang);
  const page = await loadStatusPage(services, args.params.token, lang);
  const seo = await loadPageSeo(args, "status", page ? { title: page.title } : {});
  if (!page && (await statusLinkGone(services.db, args.params.token)))
    return data({ seo, state: "gone" as const, pageUrl }, { status: 410 });
  if (!page) return data({ seo, state: "invalid" as const, pageUrl }, { status: 404 });
  // What the address asks the page to confirm (`?withdraw=1`, `?delete=1`…), for pages without
  // JavaScript; each view reads its own.
  const asking = [...new URL(args.request.url).searchParams]
    .filter(([, value]) => value === "1")
    .map(([name]) => name);
  return {
    seo,
    state: "found" as const,
    pageUrl,
    asking,
    uploadLimits: services.uploads.limits,
    page,
  };
}

/**
 * A post its link does not open, refused with nothing done (each use case finds no link). An
 * expired or replaced link answers 410 and the page, whose loader finds the same, offers fresh
 * links; any other token is not found.
 */
async function refuse(services: Services, token: string) {
  if (await statusLinkGone(services.db, token)) return data({ gone: true as const }, { status: 410 });
  throw data({ messages: ["NOT_FOUND"] }, { status: 404 });
}

export async function action(args: Route.ActionArgs) {
  await consumeFormLimit(args.context, "status");
  const services = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const pageUrl = localizePath(`/status/${args.params.token}`, lang);
  // A form's own fields are checked by its action's schema; `intent` says which action (in the
  // address for the issue report's comment form, a button's field otherwise).
  const form = await readForm(args.request, { only: ["intent"] });
  const intent = new URL(args.request.url).searchParams.get("intent") ?? form.get("intent");
  if (intent === "delete") {
    // "Delete now": the submission, its files and its links; the page no longer opens.
    const deleted = await deleteByStatusLink(services, args.params.token);
    if (!deleted.ok) return refuse(services, args.params.token);
    return redirectWithFlash(
      localizePath("/privacy/requests", lang),
      { kind: "success", messages: [`privacy:deletedFromStatusPage.${deleted.kind}`] },
      services.config,
    );
  }
  if (typeof intent !== "string") throw data({ messages: ["INVALID_PARAMETERS"] }, { status: 400 });
  const outcome = await actOnStatusLink(services, args.params.token, intent, form);
  if ("unknownIntent" in outcome) throw data({ messages: ["INVALID_PARAMETERS"] }, { status: 400 });
  if ("invalid" in outcome) throw data({ messages: outcome.invalid }, { status: 400 });
  if ("notFound" in outcome) return refuse(services, args.params.token);
  if ("result" in outcome) return { result: outcome.result };
  return redirectWithFlash(pageUrl, outcome.message, services.config);
}

/**
 * A post refused because its link expired or was replaced (410) reloads the page's data, which
 * React Router skips after a 4xx by default: the page, title included, becomes the expired
 * link's instead of keeping the submission shown before.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 410 || defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.seo),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export default function StatusPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("status");
  const localize = useLocalizePath();
  return (
    <section className="page-section status-page" aria-labelledby="status-title">
      <div className="container">
        {loaderData.state === "gone" ? (
          <div className="status-page__invalid">
            <p className="eyebrow">{t("label")}</p>
            <h1 id="status-title">{t("gone.title")}</h1>
            <p>{t("gone.body")}</p>
            <EmailRequestForm
              id="status-request"
              className="status-request__form"
              action={localize("/status")}
              label={t("request.email")}
              submit={t("request.submit")}
              lastResult={undefined}
            />
          </div>
        ) : loaderData.state === "invalid" ? (
          <div className="status-page__invalid">
            <p className="eyebrow">{t("label")}</p>
            <h1 id="status-title">{t("invalid.title")}</h1>
            <p>{t("invalid.body")}</p>
            <p>
              <SiteLink className="button button--primary" to={localize("/status")}>
                {t("request.submit")}
              </SiteLink>
            </p>
          </div>
        ) : (
          <>
            <p className="eyebrow">{t(`labels.${loaderData.page.kind}`)}</p>
            <h1 id="status-title" className="status-page__title">
              {loaderData.page.title}
            </h1>
            <StatusBody
              page={loaderData.page}
              pageUrl={loaderData.pageUrl}
              asking={loaderData.asking}
              uploadLimits={loaderData.uploadLimits}
              lastResult={actionData && "result" in actionData ? actionData.result : undefined}
            />
            <StatusDataCard
              pageHref={loaderData.pageUrl}
              downloadHref={`${loaderData.pageUrl}/download`}
              asking={loaderData.asking.includes("delete")}
              deleteOn={loaderData.page.deleteOn}
              kind={loaderData.page.kind}
            />
            <footer className="status-page__footer">
              <p>
                <SiteLink to={localize("/status")}>{t("requestAgain")}</SiteLink>
              </p>
            </footer>
          </>
        )}
      </div>
    </section>
  );
}

/** Each kind's own view (its feature's, listed in features/status/status-views.tsx). */
function StatusBody(props: {
  page: StatusPageData;
  pageUrl: string;
  asking: readonly string[];
  uploadLimits: UploadLimits;
  lastResult: FormReply | undefined;
}) {
  const View = statusViews[props.page.kind];
  return (
    <View
      data={props.page.data}
      pageUrl={props.pageUrl}
      asking={props.asking}
      uploadLimits={props.uploadLimits}
      lastResult={props.lastResult}
    />
  );
}
