import "./news.css";
import { useId } from "react";
import { Form } from "react-router";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import {
  NEWS_CATEGORIES,
  NEWS_QUERY_MAX,
  type NewsCategory,
  type NewsSort,
  type NewsTag,
} from "./news-taxonomy";

export type BlogFilters = { q?: string; sort: NewsSort; category?: NewsCategory; tag?: NewsTag };

/** The list's address for some filters (page 1, defaults left out so addresses stay short). */
export function blogHref(base: string, filters: BlogFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", filters.category);
  if (filters.tag) params.set("tag", filters.tag);
  if (filters.sort !== "latest") params.set("sort", filters.sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}

/**
 * Search (a GET form: without JavaScript the server answers it), sort and categories (links
 * that keep the other choices), and the all-articles link that clears everything.
 */
export function BlogToolbar({ filters, counts }: { filters: BlogFilters; counts: Record<string, number> }) {
  const { t } = useTranslation("blog");
  const localize = useLocalizePath();
  const base = localize("/blog");
  const searchId = useId();
  const filtered = Boolean(filters.q || filters.category || filters.tag || filters.sort !== "latest");
  return (
    <div className="news-toolbar">
      <Form
        method="get"
        action={base}
        className="news-search"
        role="search"
        aria-label={t("list.searchLabel")}
      >
        <label className="news-search__label" htmlFor={searchId}>
          {t("list.searchLabel")}
        </label>
        <div className="news-search__row">
          <input
            id={searchId}
            className="field__control news-search__input"
            type="search"
            name="q"
            defaultValue={filters.q ?? ""}
            key={filters.q ?? ""}
            maxLength={NEWS_QUERY_MAX}
            placeholder={t("list.searchPlaceholder")}
            autoComplete="off"
            enterKeyHint="search"
          />
          {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
          {filters.tag ? <input type="hidden" name="tag" value={filters.tag} /> : null}
          {filters.sort !== "latest" ? <input type="hidden" name="sort" value={filters.sort} /> : null}
          <button type="submit" className="button button--primary">
            {t("list.searchButton")}
          </button>
        </div>
      </Form>

      <div className="news-toolbar__row">
        <nav className="news-sort" aria-label={t("list.sortLabel")}>
          <span className="news-sort__label" aria-hidden="true">
            {t("list.sortLabel")}
          </span>
          {(["latest", "oldest"] as const).map((sort) => (
            <SiteLink
              key={sort}
              className="news-chip"
              to={blogHref(base, { ...filters, sort })}
              aria-current={filters.sort === sort ? "page" : undefined}
              preventScrollReset
            >
              {t(sort === "latest" ? "list.sortLatest" : "list.sortOldest")}
            </SiteLink>
          ))}
        </nav>
        {filtered ? (
          <SiteLink className="text-link news-toolbar__all" to={base}>
            {t("list.allArticles")}
          </SiteLink>
        ) : null}
      </div>

      <nav className="news-categories" aria-label={t("list.categoriesLabel")}>
        <ul>
          <li>
            <SiteLink
              className="news-chip"
              to={blogHref(base, { ...filters, category: undefined, tag: undefined })}
              aria-current={!filters.category && !filters.tag ? "page" : undefined}
              preventScrollReset
            >
              {t("list.allCategories")}
            </SiteLink>
          </li>
          {NEWS_CATEGORIES.filter((category) => counts[category]).map((category) => (
            <li key={category}>
              <SiteLink
                className="news-chip"
                to={blogHref(base, { ...filters, category, tag: undefined })}
                aria-current={filters.category === category && !filters.tag ? "page" : undefined}
                preventScrollReset
              >
                {t(`categories.${category}`)} <span className="news-chip__count">{counts[category]}</span>
              </SiteLink>
            </li>
          ))}
          {filters.tag ? (
            <li>
              <span className="news-chip news-chip--tag">
                <span className="visually-hidden">{t("article.tags")}: </span>#{t(`tags.${filters.tag}`)}
              </span>
            </li>
          ) : null}
        </ul>
      </nav>
    </div>
  );
}
