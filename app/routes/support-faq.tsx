import { data } from "react-router";
import type { SitemapHandle } from "~/features/discovery";
import { FaqResultList, FaqVote, type FaqVoteResult } from "~/features/faq";
import { faqVoteLimit, getFaq, getFaqVotes, voteOnFaq } from "~/features/faq/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import { SupportBreadcrumb } from "~/features/support";
import { readForm } from "~/platform/forms/parse-form.server";
import { SiteLink } from "~/platform/http/prefetch";
import { TOO_MANY_REQUESTS } from "~/platform/http/rate-limit.server";
import { consumeFormLimit } from "~/platform/http/route-limits.server";
import { isCrossOrigin } from "~/platform/http/same-origin";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { visitorHashOf } from "~/platform/privacy/anonymous-visitor.server";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { RichText } from "~/ui/page-kit/RichText";
import type { Route } from "./+types/support-faq";

async function loadSupportFaq(args: Pick<Route.LoaderArgs, "context" | "params">) {
  const { db } = args.context.get(servicesContext);
  const faq = await getFaq(db, args.params.slug, routeLanguage(args.params));
  if (faq?.category.section !== "support") throw data(null, { status: 404 });
  return faq;
}

/** /support/faq/:slug: one answer, "Was this helpful?" and related questions. */
export const handle: SitemapHandle = { sitemap: { pages: "support-faqs" } };

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const faq = await loadSupportFaq(args);
  const votes = await getFaqVotes(db, faq.id, visitorHashOf(args.request.headers.get("Cookie")));
  const seo = await loadPageSeo(args, "support", { title: faq.title, type: "article" });
  return data(
    { seo, faq, votes: votes ?? { id: faq.id, helpful: 0, notHelpful: 0, vote: null } },
    // The vote part is per visitor: never from a shared cache.
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** The vote form's target, with or without JavaScript (the same service as POST /api/faqs/vote/{id}). */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { db, config } = context.get(servicesContext);
  if (isCrossOrigin(request.headers, { ...config, requestUrl: request.url }))
    throw data(null, { status: 403 });
  const faq = await loadSupportFaq(args);
  try {
    await consumeFormLimit(context, faqVoteLimit);
  } catch {
    return data<FaqVoteResult>({ vote: null, error: TOO_MANY_REQUESTS }, { status: 429 });
  }
  const answer = (await readForm(request)).get("helpful");
  if (answer !== "yes" && answer !== "no") {
    return data<FaqVoteResult>({ vote: null, error: "INVALID_PARAMETERS" }, { status: 400 });
  }
  const cookieHeader = request.headers.get("Cookie");
  const helpful = answer === "yes";
  const outcome = await voteOnFaq(db, { id: faq.id, helpful, cookieHeader, secure: config.secureCookies });
  if (!outcome.ok) throw data(null, { status: outcome.status });
  const { votes, setCookie } = outcome.value;
  return data<FaqVoteResult>(
    { vote: votes },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.seo),
  // The question and its full, visible answer as schema.org FAQPage for search engines.
  ...(loaderData
    ? [
        {
          "script:ld+json": {
            "@context": "https://schema.org",
            "@type": "FAQPage",
            inLanguage: loaderData.seo.lang,
            mainEntity: [
              {
                "@type": "Question",
                name: loaderData.faq.title,
                acceptedAnswer: { "@type": "Answer", text: loaderData.faq.html },
              },
            ],
          },
        },
      ]
    : []),
];

export default function SupportFaq({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("support");
  const localize = useLocalizePath();
  const { faq, votes } = loaderData;
  return (
    <>
      <SupportBreadcrumb
        trail={[
          { label: faq.category.title, to: `/support/category/${faq.category.slug}` },
          { label: faq.title },
        ]}
      />
      <article className="support-article container">
        <header className="support-article__header">
          <p className="eyebrow">{faq.category.title}</p>
          <h1 className="support-article__title">{faq.title}</h1>
        </header>
        <RichText className="support-article__body" html={faq.html} />
        <FaqVote initial={votes} actionData={actionData} />
      </article>
      {faq.related.length > 0 ? (
        <section className="support-related container" aria-labelledby="related-title">
          <h2 id="related-title" className="support-related__title">
            {t("article.related")}
          </h2>
          <FaqResultList items={faq.related} showCategory={false} />
          <p className="support-back">
            <SiteLink to={localize(`/support/category/${faq.category.slug}`)}>
              {t("article.inCategory", { category: faq.category.title })}
            </SiteLink>
          </p>
        </section>
      ) : null}
    </>
  );
}
