import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { type BlogFilters, blogHref } from "./BlogToolbar";

/** Newer/older page links and where the visitor is; nothing when everything fits on one page. */
export function BlogPagination({
  filters,
  page,
  pageCount,
}: {
  filters: BlogFilters;
  page: number;
  pageCount: number;
}) {
  const { t } = useTranslation("blog");
  const base = useLocalizePath()("/blog");
  if (pageCount <= 1) return null;
  const latest = filters.sort === "latest";
  return (
    <nav className="news-pagination" aria-label={t("list.pagination")}>
      {page > 1 ? (
        <SiteLink
          className="button button--ghost"
          to={blogHref(base, filters, Math.min(page - 1, pageCount))}
          rel="prev"
        >
          {t(latest ? "list.previousPage" : "list.oldestPreviousPage")}
        </SiteLink>
      ) : (
        <span />
      )}
      <p className="news-pagination__where">{t("list.pageOf", { page, count: pageCount })}</p>
      {page < pageCount ? (
        <SiteLink className="button button--ghost" to={blogHref(base, filters, page + 1)} rel="next">
          {t(latest ? "list.nextPage" : "list.oldestNextPage")}
        </SiteLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
