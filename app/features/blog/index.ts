/* blog: its face. */
export { ArticleGrid } from "./ArticleCard";
export { ArticleView } from "./ArticleView";
export { BlogPagination } from "./BlogPagination";
export { BlogToolbar } from "./BlogToolbar";
export { FeedLink } from "./FeedLink";
