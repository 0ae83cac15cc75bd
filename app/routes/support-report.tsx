import { useTranslation } from "react-i18next";
import type { SitemapHandle } from "~/features/discovery";
import { loadPageSeo } from "~/features/studio/page-seo.server";
import { getStudioInfo } from "~/features/studio/studio.server";
import { IssueReportForm, issueFormAnchor } from "~/features/support-report/IssueReportForm";
import { issueSchema } from "~/features/support-report/issue-form";
import { IssueRefused, submitIssueReport } from "~/features/support-report/issue-report.server";
import { formMessage } from "~/platform/forms/messages";
import { parseForm } from "~/platform/forms/parse-form.server";
import { HttpError } from "~/platform/http/errors.server";
import { consumeFormLimit } from "~/platform/http/rate-limit.server";
import { localizePath } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import { readServerRefusal } from "~/ui/forms/upload-items";
import { PageHeader } from "~/ui/layout/PageHeader";
import { Section } from "~/ui/page-kit/Section";
import type { Route } from "./+types/support-report";

export const handle: SitemapHandle = { sitemap: true };

export async function loader(args: Route.LoaderArgs) {
  const { db, config, uploads } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const [studio, t] = await Promise.all([getStudioInfo(db, lang), translator(lang)]);
  return {
    seo: await loadPageSeo(args, "support", { studio, title: t("issues:header.title") }),
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
  await consumeFormLimit(args.context, "issue-report");
  const result = await parseForm(args.request, issueSchema);
  if (result.status === "error") return { result: result.result };
  try {
    await submitIssueReport(services, result.value, { lang });
  } catch (err) {
    if (err instanceof IssueRefused) {
      return { result: result.reply({ fieldErrors: { game: ["issues:form.unknownGame"] } }) };
    }
    // The upload store refused a file (type, size, limits, unknown id): its §5 text, on the field.
    if (err instanceof HttpError && err.status < 500) {
      // The store speaks the English texts of §5; the kit's keys show them in the page's language.
      const { errors, message } = readServerRefusal(err.messages);
      const keys = [
        ...(errors.type ? [formMessage("fileType")] : []),
        ...(errors.size ? [formMessage("fileSize")] : []),
        ...(message ? [message] : []),
      ];
      return { result: result.reply({ fieldErrors: { attachments: keys.length ? keys : err.messages } }) };
    }
    services.logger.error({ err }, "issue report failed");
    return { result: result.reply({ formErrors: ["issues:form.failed"] }) };
  }
  return redirectWithFlash(
    `${localizePath("/support/report", lang)}?sent=1#${issueFormAnchor}`,
    { kind: "success", messages: ["issues:form.sent"] },
    services.config,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function SupportReport({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("issues");
  const localize = useLocalizePath();
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content")}
        image="/images/pages/support/header.svg"
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
