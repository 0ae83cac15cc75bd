import { data } from "react-router";
import { SurveyFlow } from "~/features/playtesting";
import {
  type AnswerProblem,
  answersFromForm,
  findSignupBySurveyToken,
  getSurvey,
  localizeSurvey,
  submitSurvey,
  surveyLimit,
} from "~/features/playtesting/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import { privatePageHeaders } from "~/platform/cache/page-headers";
import { SiteLink } from "~/platform/http/prefetch";
import { consumeFormLimit } from "~/platform/http/route-limits.server";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import type { Route } from "./+types/playtesting-survey";

/** The address holds the e-mailed link's token, and the page its form: no cache may keep it. */
export const headers: Route.HeadersFunction = privatePageHeaders;

const surveyCode = "playtester";

export async function loader(args: Route.LoaderArgs) {
  const { request, params, context } = args;
  const { db } = context.get(servicesContext);
  const lang = routeLanguage(params);
  const definition = await getSurvey(db, surveyCode);
  if (!definition) throw data(null, { status: 404 });
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const signup = await findSignupBySurveyToken(db, token);
  const survey = localizeSurvey(definition, lang);
  const seo = await loadPageSeo(args, "playtesting", { title: survey.title });
  return { seo, survey, token: signup ? token : null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const lang = routeLanguage(params);
  await consumeFormLimit(context, surveyLimit);
  const definition = await getSurvey(db, surveyCode);
  if (!definition) throw data(null, { status: 404 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ messages: ["MISSING_POST_BODY"] }, { status: 400 });
  }
  const token = form.get("token");
  const questions = localizeSurvey(definition, lang).steps.flatMap((s) => s.questions);
  const answers = answersFromForm(questions, form);
  const outcome = await submitSurvey(db, surveyCode, {
    token: typeof token === "string" ? token : "",
    answers,
  });
  if (outcome.ok) return { done: true as const };
  if (outcome.status === 400) {
    const problems: Record<string, AnswerProblem["code"]> = {};
    for (const message of outcome.messages ?? []) {
      const [question, code] = message.split(": ") as [string, AnswerProblem["code"]];
      problems[question] ??= code;
    }
    return data({ done: false as const, problems, values: answers }, { status: 400 });
  }
  if (outcome.status === 403) return data({ done: false as const, invalid: true }, { status: 403 });
  // The survey was removed between the lookup above and the submission.
  throw data(null, { status: outcome.status });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.seo),
  { name: "robots", content: "noindex" },
];

export default function PlaytestingSurvey({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("playtesting");
  const home = useLocalizePath()("/playtesting");
  const { survey } = loaderData;
  if (actionData?.done) {
    return (
      <section className="survey survey--done container" aria-labelledby="survey-done">
        <h1 id="survey-done" className="survey__title">
          {survey.thankYou.title}
        </h1>
        <p role="status">{survey.thankYou.body}</p>
        <p>
          <SiteLink to={home} className="button button--primary">
            {t("survey.backToPlaytesting")}
          </SiteLink>
        </p>
      </section>
    );
  }
  if (!loaderData.token || (actionData && "invalid" in actionData)) {
    return (
      <section className="survey survey--invalid container" aria-labelledby="survey-invalid">
        <h1 id="survey-invalid" className="survey__title">
          {t("survey.invalidTitle")}
        </h1>
        <p>{t("survey.invalidBody")}</p>
        <p>
          <SiteLink to={home} className="button button--primary">
            {t("survey.backToPlaytesting")}
          </SiteLink>
        </p>
      </section>
    );
  }
  return (
    <div className="container">
      <SurveyFlow
        survey={survey}
        token={loaderData.token}
        closeHref={home}
        serverProblems={actionData && "problems" in actionData ? actionData.problems : undefined}
        values={actionData && "values" in actionData ? actionData.values : undefined}
      />
    </div>
  );
}
