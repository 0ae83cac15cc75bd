/* The blog's server face. */
export { newsArticlesKind } from "./article-kind.server";
