import { removeSignup } from "~/features/playtesting/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import "~/features/playtesting/playtest.css";
import { Form } from "react-router";
import { privatePageHeaders } from "~/platform/cache/page-headers";
import { readForm } from "~/platform/forms/parse-form.server";
import { SiteLink } from "~/platform/http/prefetch";
import { consumeFormLimit } from "~/platform/http/route-limits.server";
import { translator } from "~/platform/i18n/translator.server";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import type { Route } from "./+types/playtesting-remove";

/** The address holds the e-mailed link's token, and the page its form: no cache may keep it. */
export const headers: Route.HeadersFunction = privatePageHeaders;

/** The removal link of the confirmation e-mail: asks first (a link preview must not delete). */
export async function loader(args: Route.LoaderArgs) {
  const t = await translator(routeLanguage(args.params), "playtesting");
  const seo = await loadPageSeo(args, "playtesting", { title: t("remove.metaTitle") });
  return { seo, token: new URL(args.request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const svc = context.get(servicesContext);
  await consumeFormLimit(context, "playtest-remove");
  const form = await readForm(request);
  const token = form.get("token");
  return { removed: typeof token === "string" && (await removeSignup(svc, token)) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.seo),
  { name: "robots", content: "noindex" },
];

export default function PlaytestingRemove({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("playtesting");
  const home = useLocalizePath()("/playtesting");
  const state = actionData === undefined ? "ask" : actionData.removed ? "done" : "invalid";
  const title = t(
    state === "ask" ? "remove.title" : state === "done" ? "remove.doneTitle" : "remove.invalidTitle",
  );
  return (
    <section className="survey container" aria-labelledby="remove-title">
      <h1 id="remove-title" className="survey__title">
        {title}
      </h1>
      {state === "ask" ? (
        <>
          <p>{t("remove.body")}</p>
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="button button--primary">
              {t("remove.confirm")}
            </button>
          </Form>
        </>
      ) : (
        <>
          <p role="status">{t(state === "done" ? "remove.doneBody" : "remove.invalidBody")}</p>
          <p>
            <SiteLink to={home} className="button">
              {t("survey.backToPlaytesting")}
            </SiteLink>
          </p>
        </>
      )}
    </section>
  );
}
