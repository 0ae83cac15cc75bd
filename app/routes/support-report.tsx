import type { SitemapHandle } from "~/features/discovery";
import { loadPageSeo } from "~/features/studio/page-seo.server";
import { getStudioInfo } from "~/features/studio/studio.server";
import { IssueReportForm, issueFormAnchor } from "~/features/support-report/IssueReportForm";
import { issueSchema } from "~/features/support-report/issue-form";
import { issueFormTexts, issueReportLimit, reportIssue } from "~/features/support-report/report-issue.server";
import { parseForm } from "~/platform/forms/parse-form.server";
import { toFormReply } from "~/platform/http/outcome.server";
import { consumeFormLimit } from "~/platform/http/rate-limit.server";
import { localizePath } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { redirectToConfirmation } from "~/ui/feedback/flash.server";
import { PageHeader, pageHeaderArt } from "~/ui/layout/PageHeader";
import { Section } from "~/ui/page-kit/Section";
import type { Route } from "./+types/support-report";

export const handle: SitemapHandle = { sitemap: true };

export async function loader(args: Route.LoaderArgs) {
  const { db, config, uploads } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const [studio, t] = await Promise.all([getStudioInfo(db, lang), translator(lang)]);
  return {
    seo: await loadPageSeo(args, "support", { studio, title: t("support-report:header.title") }),
    games: studio.games.map((game) => ({ value: game.slug, label: game.name })),
    limits: uploads.limits,
    retentionMonths: config.CONTACT_RETENTION_MONTHS,
    email: studio.email.support,
    sent: new URL(args.request.url).searchParams.has("sent"),
  };
}

export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  await consumeFormLimit(args.context, issueReportLimit);
  const form = await parseForm(args.request, issueSchema);
  if (form.status === "error") return { result: form.result };
  const outcome = await reportIssue(services, form.value, { lang });
  if (!outcome.ok) return { result: toFormReply(outcome, form.reply, issueFormTexts) };
  // The page shows the confirmation where the form was: no toast repeating it.
  return redirectToConfirmation(`${localizePath("/support/report", lang)}?sent=1#${issueFormAnchor}`);
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
        />
      </Section>
    </>
  );
}
