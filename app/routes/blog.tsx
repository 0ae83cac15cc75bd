import { ArticleGrid, BlogPagination, BlogToolbar, FeedLink } from "~/features/blog";
import {
  blogPageQuery,
  feedLink,
  listNews,
  listNewsCategories,
  withDateLabel,
} from "~/features/blog/index.server";
import type { SitemapHandle } from "~/features/discovery";
import { loadPageSeo } from "~/features/studio/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { PageHeader } from "~/ui/frame/PageHeader";
import type { Route } from "./+types/blog";

export const handle: SitemapHandle = { sitemap: true };
export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const lang = routeLanguage(args.params);
  const query = blogPageQuery(args.url, lang);
  const { db } = args.context.get(servicesContext);
  const [seo, page, categories] = await Promise.all([
    loadPageSeo(args, "blog"),
    listNews(db, query),
    listNewsCategories(db),
  ]);
  return {
    seo,
    studioName: seo.siteName,
    feed: await feedLink(lang, seo.siteName),
    filters: { q: query.q, sort: query.sort, category: query.category, tag: query.tag },
    page: { ...page, items: page.items.map((item) => withDateLabel(item, lang)) },
    counts: Object.fromEntries(categories.map((c) => [c.category, c.count])),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.seo),
  ...(loaderData
    ? [
        {
          tagName: "link",
          rel: "alternate",
          type: "application/atom+xml",
          title: loaderData.feed.title,
          href: new URL(loaderData.feed.href, loaderData.seo.url).href,
        },
      ]
    : []),
];

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  const { filters, page, counts, feed } = loaderData;
  const status = filters.q
    ? t("list.resultsFor", { count: page.total, query: filters.q })
    : t("list.results", { count: page.total });
  return (
    <>
      <PageHeader
        label={t("header.label")}
        title={t("header.title")}
        content={t("header.content", { studio: loaderData.studioName })}
      />
      <div className="news-list">
        <BlogToolbar filters={filters} counts={counts} />
        <h2 className="visually-hidden">{t("list.heading")}</h2>
        <p className="news-list__status" role="status">
          {status}
        </p>
        {page.items.length > 0 ? (
          <div className="reading-frame__wide">
            <ArticleGrid articles={page.items} eagerCount={page.page === 1 ? 3 : 0} />
          </div>
        ) : (
          <div className="notice notice--empty news-list__empty">
            <p className="notice__title">{t("list.emptyTitle")}</p>
            <p>{t("list.emptyBody")}</p>
          </div>
        )}
        <BlogPagination filters={filters} page={page.page} pageCount={page.pageCount} />
        <FeedLink href={feed.href} />
      </div>
    </>
  );
}
