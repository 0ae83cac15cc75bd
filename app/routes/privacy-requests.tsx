import { loadPageSeo } from "~/features/studio/index.server";
import "~/features/privacy-requests/privacy-requests.css";
import { sendPrivacyLink } from "~/features/privacy-requests/index.server";
import { privatePageHeaders } from "~/platform/cache/page-headers";
import { translator } from "~/platform/i18n/translator.server";
import { useTranslation } from "~/platform/i18n/use-translation";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { answerEmailRequest } from "~/ui/forms/email-request.server";
import { hydrateLater } from "~/ui/hydrate-later";
import type { Route } from "./+types/privacy-requests";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const EmailRequestForm = hydrateLater(() =>
  import("~/ui/forms/EmailRequestForm").then((m) => m.EmailRequestForm),
);

/**
 * Data rights, self-service (docs/requirements.md#data-rights): the visitor gives an address
 * and that address alone receives one private link to everything tied to it. The answer is the
 * same whether or not anything exists.
 */
export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const t = await translator(routeLanguage(args.params), "privacy");
  return { seo: await loadPageSeo(args, "status", { title: t("request.title") }) };
}

export async function action(args: Route.ActionArgs) {
  return answerEmailRequest(args, {
    limit: "privacy-request",
    send: sendPrivacyLink,
    page: "/privacy/requests",
    sent: "privacy:request.sent",
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function PrivacyRequests({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("privacy");
  return (
    <section className="privacy-requests" aria-labelledby="privacy-request-title">
      <h1 id="privacy-request-title">{t("request.title")}</h1>
      <p className="lead-copy">{t("request.intro")}</p>
      <p>{t("request.what")}</p>
      <EmailRequestForm
        id="privacy-request"
        className="privacy-requests__form"
        label={t("request.email")}
        submit={t("request.submit")}
        lastResult={actionData?.result}
      />
    </section>
  );
}
