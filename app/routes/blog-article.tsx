import { data } from "react-router";
import { ArticleView } from "~/features/blog";
import { feedLink, getNewsArticle, withDateLabel } from "~/features/blog/index.server";
import type { SitemapHandle } from "~/features/discovery";
import { trailerCspExtras } from "~/features/embeds/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import { sharedPageHeaders } from "~/platform/cache/page-headers";
import { formatDate } from "~/platform/i18n/format";
import { languageTags } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { servicesContext } from "~/platform/request-context";
import { pageCspHeader } from "~/platform/security/headers.server";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { isSlug } from "~/platform/text/slug";
import type { Route } from "./+types/blog-article";

export const handle: SitemapHandle = { sitemap: { pages: "articles" } };
/** Cacheable, and a trailer's player origin in this page's CSP only (pageHeaders). */
export const headers = sharedPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const { params, context } = args;
  if (!isSlug(params.slug)) throw data(null, { status: 404 });
  const lang = routeLanguage(params);
  const { db } = context.get(servicesContext);
  const article = await getNewsArticle(db, params.slug, lang);
  if (!article) throw data(null, { status: 404 });
  const seo = {
    ...(await loadPageSeo(args, "blog", { title: article.title, type: "article" })),
    description: article.summary,
  };
  const origin = new URL(seo.url).origin;
  const t = await translator(lang, "blog");
  const neighbour = (link: typeof article.previous) =>
    link ? { ...link, dateLabel: formatDate(link.date, lang) } : null;
  return data(
    {
      seo,
      studioName: seo.siteName,
      feed: await feedLink(lang, seo.siteName),
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: article.title,
        description: article.summary,
        datePublished: article.date,
        inLanguage: languageTags[lang],
        mainEntityOfPage: seo.url,
        url: seo.url,
        image: origin + article.cover,
        author: { "@type": "Person", name: article.author },
        publisher: { "@type": "Organization", name: seo.siteName, url: origin },
        articleSection: t(`categories.${article.category}`),
        keywords: article.tags.map((tag) => t(`tags.${tag}`)).join(", "),
      },
      og: {
        section: t(`categories.${article.category}`),
        tags: article.tags.map((tag) => t(`tags.${tag}`)),
      },
      article: {
        ...withDateLabel(article, lang),
        absoluteUrl: seo.url,
        coverUrl: origin + article.cover,
        previous: neighbour(article.previous),
        next: neighbour(article.next),
        related: article.related.map((item) => withDateLabel(item, lang)),
      },
    },
    { headers: pageCspHeader(trailerCspExtras(article.trailer)) },
  );
}

/** Open Graph article tags (published time, author, section, tags) and the cover as og:image. */
export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { seo, article, feed, og } = loaderData;
  return [
    ...pageMeta(seo),
    { "script:ld+json": loaderData.jsonLd },
    { property: "og:image", content: article.coverUrl },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "article:published_time", content: article.date },
    { property: "article:author", content: article.author },
    { property: "article:section", content: og.section },
    ...og.tags.map((tag) => ({ property: "article:tag", content: tag })),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: feed.title,
      href: new URL(feed.href, seo.url).href,
    },
  ];
};

export default function BlogArticle({ loaderData }: Route.ComponentProps) {
  return <ArticleView article={loaderData.article} studioName={loaderData.studioName} />;
}
