import "./news.css";
import { TrailerEmbed } from "~/features/embeds";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { RichText } from "~/ui/page-kit/RichText";
import { type ArticleCardData, ArticleGrid, NewsCover } from "./ArticleCard";
import { blogHref } from "./BlogToolbar";
import { ShareArticle } from "./ShareArticle";
import type { NewsArticle, NewsArticleLink } from "./types";

export type ArticleViewData = Omit<NewsArticle, "related" | "previous" | "next"> & {
  dateLabel: string;
  absoluteUrl: string;
  previous: (NewsArticleLink & { dateLabel: string }) | null;
  next: (NewsArticleLink & { dateLabel: string }) | null;
  related: ArticleCardData[];
};

/** An article: header (category, title, author, date), cover, body, tags, share, neighbours, related. */
export function ArticleView({ article, studioName }: { article: ArticleViewData; studioName: string }) {
  const { t } = useTranslation("blog");
  const base = useLocalizePath()("/blog");
  return (
    <article className="news-article">
      <header className="news-article__header">
        <p className="news-article__back">
          <SiteLink className="text-link" to={base}>
            <span aria-hidden="true">← </span>
            {t("article.back")}
          </SiteLink>
        </p>
        <p className="eyebrow">
          <SiteLink
            className="news-article__category"
            to={blogHref(base, { sort: "latest", category: article.category })}
          >
            {t(`categories.${article.category}`)}
          </SiteLink>
        </p>
        <h1 className="news-article__title">{article.title}</h1>
        <p className="news-article__summary">{article.summary}</p>
        <p className="news-article__byline">
          <span>{t("article.by", { author: article.author })}</span>
          <span aria-hidden="true"> · </span>
          <span>
            <span className="visually-hidden">{t("article.published")} </span>
            <time dateTime={article.date}>{article.dateLabel}</time>
          </span>
        </p>
      </header>
      <NewsCover
        slug={article.slug}
        cover={article.cover}
        coverArt={article.coverArt}
        className="news-article__cover"
        priority
      />
      <RichText className="news-article__body" html={article.html} />
      {article.trailer ? (
        <div className="news-article__trailer">
          <TrailerEmbed trailer={article.trailer} poster={{ url: article.cover, width: 1200, height: 630 }} />
        </div>
      ) : null}
      {article.tags.length > 0 ? (
        <div className="news-article__tags">
          <h2 className="visually-hidden">{t("article.tags")}</h2>
          <ul>
            {article.tags.map((tag) => (
              <li key={tag}>
                <SiteLink className="news-chip" to={blogHref(base, { sort: "latest", tag })}>
                  #{t(`tags.${tag}`)}
                </SiteLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ShareArticle title={article.title} url={article.absoluteUrl} studioName={studioName} />
      {article.previous || article.next ? (
        <nav className="news-neighbours" aria-label={t("article.neighbours")}>
          {article.previous ? (
            <SiteLink
              className="news-neighbour news-neighbour--previous"
              to={article.previous.url}
              rel="prev"
            >
              <span className="news-neighbour__label">{t("article.previous")}</span>
              <span className="news-neighbour__title">{article.previous.title}</span>
              <time className="news-neighbour__date" dateTime={article.previous.date}>
                {article.previous.dateLabel}
              </time>
            </SiteLink>
          ) : (
            <span />
          )}
          {article.next ? (
            <SiteLink className="news-neighbour news-neighbour--next" to={article.next.url} rel="next">
              <span className="news-neighbour__label">{t("article.next")}</span>
              <span className="news-neighbour__title">{article.next.title}</span>
              <time className="news-neighbour__date" dateTime={article.next.date}>
                {article.next.dateLabel}
              </time>
            </SiteLink>
          ) : null}
        </nav>
      ) : null}
      {article.related.length > 0 ? (
        <section className="news-related" aria-labelledby="news-related-title">
          <h2 className="news-related__title" id="news-related-title">
            {t("article.related")}
          </h2>
          <ArticleGrid articles={article.related} />
        </section>
      ) : null}
    </article>
  );
}
