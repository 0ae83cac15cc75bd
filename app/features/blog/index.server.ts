/* The blog's server face. */
export { newsArticlesKind } from "./article-kind.server";
export { listArticleDates } from "./news.server";
