import "~/features/status/status.css";
import { data } from "react-router";
import { ApplicationStatusView } from "~/features/careers/ApplicationStatusView";
import { deleteByStatusLink, loadStatusPage, withdrawByLink } from "~/features/status/index.server";
import { StatusDataCard } from "~/features/status/StatusDataCard";
import { loadPageSeo } from "~/features/studio/page-seo.server";
import { noStore } from "~/platform/cache/page-headers";
import { readForm } from "~/platform/forms/parse-form.server";
import { SiteLink } from "~/platform/http/prefetch";
import { consumeFormLimit, consumePageLimit } from "~/platform/http/rate-limit.server";
import { localizePath } from "~/platform/i18n/languages";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import type { Route } from "./+types/status";

/**
 * A submission's private status page (docs/requirements.md#status-pages). The token is in the
 * path: never stored by a cache, never indexed, and no Referer leaves for another site
 * ("same-origin": under "no-referrer" the browser posts `Origin: null` and the site's own
 * forms would be refused without JavaScript; docs/decisions/0029-status-links-and-studio-tools.md).
 * Opening it changes nothing: withdrawing and deleting are POSTs that ask first; downloading
 * posts to routes/status-download.ts.
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
  if (!page) return data({ seo, state: "invalid" as const, pageUrl }, { status: 404 });
  const query = new URL(args.request.url).searchParams;
  const asking = query.get("withdraw") === "1";
  const askingDelete = query.get("delete") === "1";
  return { seo, state: "found" as const, pageUrl, asking, askingDelete, ...page };
}

export async function action(args: Route.ActionArgs) {
  await consumeFormLimit(args.context, "status");
  const services = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const pageUrl = localizePath(`/status/${args.params.token}`, lang);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "delete") {
    // "Delete now": the application, its résumé and its links; the page no longer opens.
    const deleted = await deleteByStatusLink(services, args.params.token);
    if (!deleted.ok) throw data({ messages: ["NOT_FOUND"] }, { status: 404 });
    return redirectWithFlash(
      localizePath("/privacy/requests", lang),
      { kind: "success", messages: ["privacy:status.deleted"] },
      services.config,
    );
  }
  if (intent !== "withdraw") throw data({ messages: ["INVALID_PARAMETERS"] }, { status: 400 });
  const outcome = await withdrawByLink(services, args.params.token);
  if (!outcome.ok && outcome.code === "notFound") throw data({ messages: ["NOT_FOUND"] }, { status: 404 });
  return redirectWithFlash(
    pageUrl,
    outcome.ok
      ? { kind: "success", messages: ["careers:status.withdraw.done"] }
      : { kind: "error", messages: ["careers:status.withdraw.notActive"] },
    services.config,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.seo),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export default function StatusPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("status");
  const localize = useLocalizePath();
  return (
    <section className="page-section status-page" aria-labelledby="status-title">
      <div className="container">
        {loaderData.state === "invalid" ? (
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
            <p className="eyebrow">{t("careers:status.label")}</p>
            <h1 id="status-title" className="status-page__title">
              {loaderData.title}
            </h1>
            <ApplicationStatusView
              data={loaderData.application}
              pageHref={loaderData.pageUrl}
              withdrawHref={`${loaderData.pageUrl}?withdraw=1`}
              askingWithdraw={loaderData.asking}
            />
            <StatusDataCard
              pageHref={loaderData.pageUrl}
              downloadHref={`${loaderData.pageUrl}/download`}
              asking={loaderData.askingDelete}
              deleteOn={loaderData.deleteOn}
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
