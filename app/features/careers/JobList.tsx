import "./careers-cards.css";
import type { JobCard } from "~/features/jobs";
import { SiteLink } from "~/platform/http/prefetch";
import { languageTags } from "~/platform/i18n/languages";
import { useLanguage, useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";

/**
 * Open offers as cards: title (linking to the offer), team, location, level and commitment.
 * The whole card is clickable through the title link's stretched hit area. `linkSearch` (the
 * list's filters) rides along so the offer's "back" link returns to the same list, with or
 * without JavaScript.
 */
export function JobList({ jobs, linkSearch = "" }: { jobs: JobCard[]; linkSearch?: string }) {
  const { t } = useTranslation("careers");
  const lang = useLanguage();
  const localize = useLocalizePath();
  return (
    <ul className="job-list">
      {jobs.map((job) => (
        <li key={job.id} className="job-card">
          <h3 className="job-card__title">
            <SiteLink
              className="job-card__link"
              to={`${localize(`/careers/${job.id}`)}${linkSearch}`}
              lang={job.textLanguage === lang ? undefined : languageTags[job.textLanguage]}
            >
              {job.title}
            </SiteLink>
          </h3>
          <dl className="job-card__facts">
            <div className="job-card__fact">
              <dt>{t("positions.location")}</dt>
              <dd>
                {job.office.name}, {job.office.country}
              </dd>
            </div>
            <div className="job-card__fact">
              <dt>{t("positions.team")}</dt>
              <dd>{job.team.label}</dd>
            </div>
            <div className="job-card__fact">
              <dt>{t("positions.level")}</dt>
              <dd>{job.level.label}</dd>
            </div>
            <div className="job-card__fact">
              <dt>{t("positions.commitment")}</dt>
              <dd>{job.commitment.label}</dd>
            </div>
          </dl>
          <svg
            className="job-card__arrow"
            viewBox="0 0 24 24"
            width="24"
            height="24"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M5 12h14m-6-6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </li>
      ))}
    </ul>
  );
}
