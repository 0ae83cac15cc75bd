import "./news.css";
import { SiteLink } from "~/platform/http/prefetch";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ArtPicture } from "~/ui/art/ArtPicture";
import { type CoverArt, newsArt } from "~/ui/art/art";
import type { NewsArticleSummary } from "./types";

/**
 * An article's cover: its AVIF, WebP and JPEG renditions when the front matter says how it is cut
 * from a scene (`coverArt`, app/ui/art/art.ts), the named image alone otherwise.
 */
export function NewsCover({
  slug,
  cover,
  coverArt,
  className,
  sizes,
  priority = false,
  eager = false,
}: {
  slug: string;
  cover: string;
  coverArt: CoverArt | null;
  className: string;
  sizes?: string;
  priority?: boolean;
  eager?: boolean;
}) {
  const art = coverArt ? newsArt(slug, coverArt) : undefined;
  if (art) {
    return (
      <ArtPicture
        art={art}
        crop="cover"
        className={className}
        sizes={sizes}
        priority={priority}
        eager={eager}
      />
    );
  }
  return (
    <img
      className={className}
      src={cover}
      alt=""
      width={1200}
      height={630}
      loading={priority || eager ? "eager" : "lazy"}
      decoding="async"
      {...(priority ? { fetchPriority: "high" as const } : {})}
    />
  );
}

/** Cards fill columns of at least 19 rem: three at desktop widths, two on a tablet, one on a phone. */
const cardCoverSizes = "(min-width: 970px) 33vw, (min-width: 640px) 50vw, 100vw";

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
      <NewsCover
        slug={article.slug}
        cover={article.cover}
        coverArt={article.coverArt}
        className="news-card__cover"
        sizes={cardCoverSizes}
        eager={eager}
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
