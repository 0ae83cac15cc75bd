import "./news.css";
import { useTranslation } from "react-i18next";
import { SiteLink } from "~/platform/http/prefetch";
import type { NewsArticleSummary } from "./types";

export type ArticleCardData = NewsArticleSummary & { dateLabel: string };

/**
 * An article in a list: cover, category, date, title (the link) and summary. The whole card is
 * clickable through the title link's stretched area, so there is one link per card for screen
 * readers and keyboards. Covers after the first row load lazily.
 */
export function ArticleCard({
  article,
  headingLevel = 3,
  eager = false,
}: {
  article: ArticleCardData;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const { t } = useTranslation("blog");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="news-card">
      <img
        className="news-card__cover"
        src={article.cover}
        alt=""
        width={1200}
        height={630}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      <div className="news-card__body">
        <p className="news-card__meta">
          <span className="news-card__category">{t(`categories.${article.category}`)}</span>
          <time dateTime={article.date}>{article.dateLabel}</time>
        </p>
        <Heading className="news-card__title">
          <SiteLink className="news-card__link" to={article.url}>
            {article.title}
          </SiteLink>
        </Heading>
        <p className="news-card__summary">{article.summary}</p>
      </div>
    </article>
  );
}

export function ArticleGrid({
  articles,
  headingLevel,
  eagerCount = 0,
}: {
  articles: ArticleCardData[];
  headingLevel?: 2 | 3;
  eagerCount?: number;
}) {
  return (
    <ul className="news-grid">
      {articles.map((article, i) => (
        <li key={article.slug}>
          <ArticleCard article={article} headingLevel={headingLevel} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}
