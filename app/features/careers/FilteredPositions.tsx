import { useTranslation } from "~/platform/i18n/use-translation";
import "./careers.css";
import { type JobFilters as Filters, hasFilters, type JobCard, searchFromFilters } from "~/features/jobs";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { Section } from "~/ui/page-kit/Section";
import { careersSectionId } from "./CareersSections";
import { type FilterChoices, JobFilters } from "./JobFilters";
import { JobList } from "./JobList";

export type PositionsPage = {
  filters: Filters & { page: number };
  total: number;
  page: number;
  pageCount: number;
  items: JobCard[];
};

/** The job-alert form pre-filled with the list's filters (its parameters match, see job-filters). */
export function alertsSearch(filters: Filters): string {
  const { location, team, level, commitment } = filters;
  return searchFromFilters({ location, team, level, commitment });
}

/** Open positions with filters, the result count (announced), an empty state and pages. */
export function FilteredPositions({ result, choices }: { result: PositionsPage; choices: FilterChoices }) {
  const { t } = useTranslation("careers");
  const localize = useLocalizePath();
  const { filters } = result;
  const listSearch = searchFromFilters({ ...filters, page: result.page });
  const pageLink = (page: number) =>
    `${localize("/careers")}${searchFromFilters({ ...filters, page })}#${careersSectionId}`;
  return (
    <Section id={careersSectionId} label={t("positions.label")} title={t("positions.title")} tone="raised">
      <JobFilters filters={filters} choices={choices} />
      <p className="job-filters__count" role="status" aria-live="polite">
        {hasFilters(filters)
          ? t("filters.count", { count: result.total })
          : t("positions.count", { count: result.total })}
      </p>
      {result.items.length > 0 ? (
        <JobList jobs={result.items} linkSearch={listSearch} />
      ) : (
        <div className="notice job-filters__empty">
          <p>{hasFilters(filters) ? t("filters.empty") : t("positions.empty")}</p>
          <p className="button-row">
            {hasFilters(filters) ? (
              <SiteLink className="button" to={`${localize("/careers")}#${careersSectionId}`}>
                {t("filters.clear")}
              </SiteLink>
            ) : null}
            <SiteLink
              className="button button--primary"
              to={`${localize("/alerts")}${alertsSearch(filters)}`}
            >
              {hasFilters(filters) ? t("filters.alert") : t("openApplication.alerts")}
            </SiteLink>
          </p>
        </div>
      )}
      {result.pageCount > 1 ? (
        <nav className="job-pages" aria-label={t("filters.pages")}>
          {result.page > 1 ? (
            <SiteLink className="button" to={pageLink(result.page - 1)} rel="prev">
              {t("filters.previous")}
            </SiteLink>
          ) : null}
          <span className="job-pages__current">
            {t("filters.pageOf", { page: result.page, count: result.pageCount })}
          </span>
          {result.page < result.pageCount ? (
            <SiteLink className="button" to={pageLink(result.page + 1)} rel="next">
              {t("filters.next")}
            </SiteLink>
          ) : null}
        </nav>
      ) : null}
    </Section>
  );
}
