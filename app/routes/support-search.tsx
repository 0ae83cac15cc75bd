import { FaqSearch, faqSearchLimits } from "~/features/faq";
import { searchFaqs } from "~/features/faq/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import { SupportBreadcrumb } from "~/features/support";
import { SiteLink } from "~/platform/http/prefetch";
import { translator } from "~/platform/i18n/translator.server";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { PageHeader } from "~/ui/frame/PageHeader";
import type { Route } from "./+types/support-search";

/**
 * /support/search?q=…&page=…: the FAQ search without JavaScript (the box's GET form lands
 * here) and the full, paged list of results with it. A query it cannot use is shortened or
 * ignored rather than refused: this is a page for people, not an API.
 */
export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const params = args.url.searchParams;
  const query = (params.get("q") ?? "").slice(0, faqSearchLimits.maxQuery).trim();
  const requestedPage = Number.parseInt(params.get("page") ?? "1", 10);
  const page = Number.isFinite(requestedPage)
    ? Math.min(Math.max(requestedPage, 1), faqSearchLimits.maxPage)
    : 1;
  const [t, results] = await Promise.all([
    translator(lang, "support"),
    query ? searchFaqs(db, { lang, q: query, section: "support", page }) : Promise.resolve(null),
  ]);
  const seo = await loadPageSeo(args, "support", { title: t("search.title") });
  return { seo, query, results };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.seo),
  // Result lists are thin, changing pages: search engines should index the answers instead.
  { name: "robots", content: "noindex, follow" },
];

export default function SupportSearch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("support");
  const { query, results } = loaderData;
  return (
    <>
      <SupportBreadcrumb trail={[{ label: t("search.title") }]} />
      <PageHeader label={t("header.label")} title={t("search.title")} />
      <div className="container support-search-band">
        <FaqSearch query={query} results={results} variant="page" />
        {results && results.pageCount > 1 ? (
          <Pager query={query} page={results.page} count={results.pageCount} />
        ) : null}
      </div>
    </>
  );
}

function Pager({ query, page, count }: { query: string; page: number; count: number }) {
  const { t } = useTranslation("support");
  const localize = useLocalizePath();
  const href = (target: number) =>
    `${localize("/support/search")}?${new URLSearchParams({ q: query, page: String(target) })}`;
  return (
    <nav className="support-pager" aria-label={t("pager.label")}>
      {page > 1 ? (
        <SiteLink className="button button--ghost" to={href(page - 1)} rel="prev">
          {t("pager.previous")}
        </SiteLink>
      ) : null}
      <p className="support-pager__status">{t("pager.status", { page, count })}</p>
      {page < count ? (
        <SiteLink className="button button--ghost" to={href(page + 1)} rel="next">
          {t("pager.next")}
        </SiteLink>
      ) : null}
    </nav>
  );
}
