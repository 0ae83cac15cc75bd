import { loadPageSeo } from "~/features/studio/index.server";
import "~/features/status/status.css";
import { sendStatusLinks } from "~/features/status/index.server";
import { privatePageHeaders } from "~/platform/cache/page-headers";
import { translator } from "~/platform/i18n/translator.server";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { answerEmailRequest } from "~/ui/forms/email-request.server";
import { hydrateLater } from "~/ui/hydrate-later";
import type { Route } from "./+types/status-request";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const EmailRequestForm = hydrateLater(() =>
  import("~/ui/forms/EmailRequestForm").then((m) => m.EmailRequestForm),
);

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
  return answerEmailRequest(args, {
    limit: "status-request",
    send: sendStatusLinks,
    page: "/status",
    sent: "status:request.sent",
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function StatusRequest({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("status");
  return (
    <section className="page-section status-page" aria-labelledby="status-request-title">
      <div className="container status-request">
        <p className="eyebrow">{t("label")}</p>
        <h1 id="status-request-title">{t("request.title")}</h1>
        <p className="lead-copy">{t("request.intro")}</p>
        <EmailRequestForm
          id="status-request"
          className="status-request__form"
          label={t("request.email")}
          submit={t("request.submit")}
          lastResult={actionData?.result}
        />
      </div>
    </section>
  );
}
