import { data } from "react-router";
import type { SitemapHandle } from "~/features/discovery";
import { getStudioInfo, loadPageSeo } from "~/features/studio/index.server";
import {
  issueFormAnchor,
  issueHoneypot,
  KnownIssueList,
  knownIssuesSeenField,
  type MeTooReply,
  meTooField,
} from "~/features/support-report";
import {
  addMeToo,
  issueFormTexts,
  issueReportLimit,
  issueSchema,
  type KnownIssueView,
  knownIssueMeTooLimit,
  knownIssueQuery,
  listAllKnownIssues,
  reportIssue,
  searchKnownIssues,
} from "~/features/support-report/index.server";
import { formMessage } from "~/platform/forms/messages";
import { type FormReply, parseForm, readForm } from "~/platform/forms/parse-form.server";
import { toFormReply } from "~/platform/http/outcome.server";
import { consumeFormLimit } from "~/platform/http/route-limits.server";
import { isCrossOrigin } from "~/platform/http/same-origin";
import { type Language, localizePath } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { redirectToConfirmation } from "~/ui/feedback/flash.server";
import { PageHeader, pageHeaderArt } from "~/ui/frame/PageHeader";
import { hydrateLater } from "~/ui/hydrate-later";
import { Section } from "~/ui/page-kit/Section";
import type { Route } from "./+types/support-report";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const IssueReportForm = hydrateLater(() =>
  import("~/features/support-report/lazy/IssueReportForm").then((m) => m.IssueReportForm),
);

export const handle: SitemapHandle = { sitemap: true };

export async function loader(args: Route.LoaderArgs) {
  const { db, config, uploads } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const [studio, t, knownIssues] = await Promise.all([
    getStudioInfo(db, lang),
    translator(lang),
    listAllKnownIssues(db, lang),
  ]);
  return {
    seo: await loadPageSeo(args, "support", { studio, title: t("support-report:header.title") }),
    games: studio.games.map((game) => ({ value: game.slug, label: game.name })),
    limits: uploads.limits,
    retentionMonths: config.CONTACT_RETENTION_MONTHS,
    email: studio.email.support,
    sent: new URL(args.request.url).searchParams.has("sent"),
    knownIssues,
  };
}

type ActionAnswer = { result: FormReply; suggestions?: KnownIssueView[]; meToo?: MeTooReply };

/** The known issues the typed report's words point at (docs/requirements.md#known-issues). */
function suggestionsFor(
  services: { db: Parameters<typeof searchKnownIssues>[0] },
  form: FormData,
  lang: Language,
) {
  const query = knownIssueQuery.safeParse({
    lang,
    game: form.get("game"),
    platform: form.get("platform") || undefined,
    q: `${form.get("summary") ?? ""} ${form.get("description") ?? ""}`,
  });
  return query.success ? searchKnownIssues(services.db, query.data) : Promise.resolve([]);
}

export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const formData = await readForm(args.request, { only: [meTooField, knownIssuesSeenField] });
  const meToo = formData.get(meTooField);
  if (typeof meToo === "string" && meToo) return pressMeToo(args, formData, meToo, lang);
  await consumeFormLimit(args.context, issueReportLimit);
  const form = await parseForm(formData, issueSchema);
  if (form.status === "error") return { result: form.result } satisfies ActionAnswer;
  // Without JavaScript the player has not seen the known issues yet: ask before sending.
  if (formData.get(knownIssuesSeenField) !== "seen") {
    const suggestions = await suggestionsFor(services, formData, lang);
    if (suggestions.length) return { result: form.reply({}), suggestions } satisfies ActionAnswer;
  }
  const outcome = await reportIssue(services, form.value, { lang });
  if (!outcome.ok) return { result: toFormReply(outcome, form.reply, issueFormTexts) };
  // The page shows the confirmation where the form was: no toast repeating it.
  return redirectToConfirmation(`${localizePath("/support/report", lang)}?sent=1#${issueFormAnchor}`);
}

/**
 * "Me too" pressed without JavaScript: a submit button of the report form, so the whole typed
 * report comes back as it was, with the suggestions and this visitor counted (the same use case
 * as POST /api/known-issues/{slug}/me-too). Nothing is reported.
 */
async function pressMeToo(args: Route.ActionArgs, formData: FormData, slug: string, lang: Language) {
  const { db, config } = args.context.get(servicesContext);
  // The answer sets the visitor cookie: another site's page may not press for them.
  if (isCrossOrigin(args.request.headers, { ...config, requestUrl: args.request.url })) {
    throw data(null, { status: 403 });
  }
  await consumeFormLimit(args.context, knownIssueMeTooLimit);
  const form = await parseForm(formData, issueSchema);
  // A form carrying characters no one types, or the bots' field, counts no one: it is answered
  // with its messages, like any form refused whole.
  const refused =
    form.status === "error" &&
    Object.values(form.errors).some((messages) => messages.includes(formMessage("characters")));
  if (refused || formData.get(issueHoneypot))
    return { result: form.status === "error" ? form.result : form.reply({}) };
  const cookieHeader = args.request.headers.get("Cookie");
  const outcome = await addMeToo(db, { slug, cookieHeader, secure: config.secureCookies });
  // The typed values, without the messages of a form the player has not sent.
  const result = form.status === "success" ? form.reply({}) : { ...form.result, error: {} };
  const suggestions = await suggestionsFor({ db }, formData, lang);
  if (!outcome.ok) {
    const meToo = { slug, error: outcome.status === 404 ? "known.notFound" : "known.meTooFailed" };
    return data({ result, suggestions, meToo } satisfies ActionAnswer, { status: outcome.status });
  }
  const answer = { result, suggestions, meToo: { result: outcome.value.result } } satisfies ActionAnswer;
  const setCookie = outcome.value.setCookie;
  return data(answer, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function SupportReport({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("support-report");
  const localize = useLocalizePath();
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content")}
        art={pageHeaderArt("report")}
      />
      <Section id={issueFormAnchor} label={t("header.label")} title={t("form.title")} width="narrow">
        <p className="lead-copy">{t("form.intro")}</p>
        {loaderData.sent ? (
          <p className="contact-sent" role="status">
            {t("form.sent")}
          </p>
        ) : null}
        <IssueReportForm
          lastResult={actionData?.result}
          games={loaderData.games}
          limits={loaderData.limits}
          retentionMonths={loaderData.retentionMonths}
          action={`${localize("/support/report")}#${issueFormAnchor}`}
          suggestions={actionData && "suggestions" in actionData ? actionData.suggestions : undefined}
          meToo={actionData && "meToo" in actionData ? actionData.meToo : undefined}
        />
      </Section>
      <Section id="known-issues" title={t("known.listTitle")} intro={t("known.listIntro")} width="narrow">
        <KnownIssueList issues={loaderData.knownIssues} games={loaderData.games} />
      </Section>
    </>
  );
}
