import "~/features/status/status.css";
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { sendStatusLinks } from "~/features/status/index.server";
import { statusRequestSchema } from "~/features/status/status-request";
import { loadPageSeo } from "~/features/studio/page-seo.server";
import { privatePageHeaders } from "~/platform/cache/page-headers";
import { parseForm } from "~/platform/forms/parse-form.server";
import { consumeFormLimit } from "~/platform/http/rate-limit.server";
import { localizePath } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import { FormErrors } from "~/ui/forms/FormErrors";
import { TextField } from "~/ui/forms/TextField";
import { useValidatedForm } from "~/ui/forms/use-validated-form";
import type { Route } from "./+types/status-request";

/**
 * A visitor who lost a status link asks for it again: the links go to the address given, and
 * only there; the answer is the same whether or not anything was sent from it.
 */
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const t = await translator(routeLanguage(args.params), "status");
  return { seo: await loadPageSeo(args, "status", { title: t("request.title") }) };
}

export async function action(args: Route.ActionArgs) {
  await consumeFormLimit(args.context, "status-request");
  const services = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const result = await parseForm(args.request, statusRequestSchema);
  if (result.status === "error") return { result: result.result };
  // Started, not awaited: the answer takes as long whether or not anything exists.
  void sendStatusLinks(services, result.value.email, lang);
  return redirectWithFlash(
    localizePath("/status", lang),
    { kind: "success", messages: ["status:request.sent"] },
    services.config,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function StatusRequest({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("status");
  const [form, fields] = useValidatedForm({
    schema: statusRequestSchema,
    lastResult: actionData?.result,
    id: "status-request",
  });
  return (
    <section className="page-section status-page" aria-labelledby="status-request-title">
      <div className="container status-request">
        <p className="eyebrow">{t("label")}</p>
        <h1 id="status-request-title">{t("request.title")}</h1>
        <p className="lead-copy">{t("request.intro")}</p>
        <Form method="post" className="status-request__form" {...getFormProps(form)}>
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField field={fields.email} label={t("request.email")} type="email" autoComplete="email" />
          <button type="submit" className="button button--primary">
            {t("request.submit")}
          </button>
        </Form>
      </div>
    </section>
  );
}
