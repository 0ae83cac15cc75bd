import { ApplicationStatusView } from "~/features/careers";
import { ContactStatusView } from "~/features/contact";
import { PlaytestStatusView } from "~/features/playtesting";
import { StatusDataCard } from "~/features/status";
import { loadPageSeo } from "~/features/studio/index.server";
import { addInfoToIssue, issueCommentSchema, issueFormTexts } from "~/features/support-report/index.server";
import "~/features/status/status.css";
import { data, type ShouldRevalidateFunction } from "react-router";
import {
  answerPlaytestByLink,
  deleteByStatusLink,
  issueOfLink,
  loadStatusPage,
  type StatusPage as StatusPageData,
  signNdaByLink,
  withdrawByLink,
} from "~/features/status/index.server";
import { noStore } from "~/platform/cache/page-headers";
import { type FormReply, parseForm, readForm } from "~/platform/forms/parse-form.server";
import type { UploadLimits } from "~/platform/forms/upload-rules";
import { toFormReply } from "~/platform/http/outcome.server";
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

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const IssueStatusView = hydrateLater(() =>
  import("~/features/support-report/lazy/IssueStatusView").then((m) => m.IssueStatusView),
);
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
  const query = new URL(args.request.url).searchParams;
  const asking = query.get("withdraw") === "1";
  const askingDelete = query.get("delete") === "1";
  const askingDecline = query.get("decline") === "1";
  return {
    seo,
    state: "found" as const,
    pageUrl,
    asking,
    askingDelete,
    askingDecline,
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
  if (new URL(args.request.url).searchParams.get("intent") === "comment") {
    const id = await issueOfLink(services, args.params.token);
    if (!id) return refuse(services, args.params.token);
    const form = await parseForm(args.request, issueCommentSchema);
    if (form.status === "error") return { result: form.result };
    const outcome = await addInfoToIssue(services, id, form.value);
    if (!outcome.ok) return { result: toFormReply(outcome, form.reply, issueFormTexts) };
    return redirectWithFlash(
      pageUrl,
      { kind: "success", messages: ["support-report:status.comment.done"] },
      services.config,
    );
  }
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "delete") {
    // "Delete now": the application, its résumé and its links; the page no longer opens.
    const deleted = await deleteByStatusLink(services, args.params.token);
    if (!deleted.ok) return refuse(services, args.params.token);
    return redirectWithFlash(
      localizePath("/privacy/requests", lang),
      { kind: "success", messages: [`privacy:deletedFromStatusPage.${deleted.kind}`] },
      services.config,
    );
  }
  if (intent === "confirm" || intent === "decline") {
    // A playtester's answer: a seat (or the waitlist when none is left), or "I can't make it".
    const answered = await answerPlaytestByLink(services, args.params.token, intent);
    if (!answered.ok && answered.code === "notFound") return refuse(services, args.params.token);
    return redirectWithFlash(
      pageUrl,
      answered.ok
        ? { kind: "success", messages: [`playtesting:status.answer.done.${answered.stage}`] }
        : { kind: "error", messages: ["playtesting:status.answer.notActive"] },
      services.config,
    );
  }
  if (intent === "sign") {
    // The NDA, signed by typing the full name given at sign-up.
    const fullName = form.get("fullName");
    if (typeof fullName !== "string" || fullName.length > 200)
      throw data({ messages: ["INVALID_PARAMETERS"] }, { status: 400 });
    const signed = await signNdaByLink(services, args.params.token, fullName);
    if (!signed.ok && signed.code === "notFound") return refuse(services, args.params.token);
    return redirectWithFlash(
      pageUrl,
      signed.ok
        ? { kind: "success", messages: ["playtesting:status.nda.done"] }
        : { kind: "error", messages: [`playtesting:status.nda.${signed.code}`] },
      services.config,
    );
  }
  if (intent !== "withdraw") throw data({ messages: ["INVALID_PARAMETERS"] }, { status: 400 });
  const outcome = await withdrawByLink(services, args.params.token);
  if (!outcome.ok && outcome.code === "notFound") return refuse(services, args.params.token);
  return redirectWithFlash(
    pageUrl,
    outcome.ok
      ? { kind: "success", messages: ["careers:status.withdraw.done"] }
      : { kind: "error", messages: ["careers:status.withdraw.notActive"] },
    services.config,
  );
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
              askingDecline={loaderData.askingDecline}
              uploadLimits={loaderData.uploadLimits}
              lastResult={actionData && "result" in actionData ? actionData.result : undefined}
            />
            <StatusDataCard
              pageHref={loaderData.pageUrl}
              downloadHref={`${loaderData.pageUrl}/download`}
              asking={loaderData.askingDelete}
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

/** Each kind's own view (its feature's). */
function StatusBody(props: {
  page: StatusPageData;
  pageUrl: string;
  asking: boolean;
  askingDecline: boolean;
  uploadLimits: UploadLimits;
  lastResult: FormReply | undefined;
}) {
  const { page, pageUrl } = props;
  switch (page.kind) {
    case "application":
      return (
        <ApplicationStatusView
          data={page.application}
          pageHref={pageUrl}
          withdrawHref={`${pageUrl}?withdraw=1`}
          askingWithdraw={props.asking}
        />
      );
    case "contact":
      return <ContactStatusView data={page.contact} />;
    case "issueReport":
      return (
        <IssueStatusView
          data={page.issue}
          commentAction={`${pageUrl}?intent=comment`}
          limits={props.uploadLimits}
          lastResult={props.lastResult}
        />
      );
    case "playtest":
      return (
        <PlaytestStatusView data={page.playtest} pageHref={pageUrl} askingDecline={props.askingDecline} />
      );
  }
}
