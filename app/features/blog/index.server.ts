/* The blog's server face. */
export { newsArticlesKind } from "./article-kind.server";
export {
  getNewsArticle,
  listArticleDates,
  listFeedArticles,
  listNews,
  listNewsCategories,
} from "./news.server";
export { createNewsApi } from "./news-api.server";
export { blogPageQuery, feedLink, withDateLabel } from "./news-page.server";
