import "./careers.css";
import type { ReactNode } from "react";
import type { JobCard, JobOffer } from "~/features/jobs";
import type { FormReply } from "~/platform/forms/parse-form.server";
import { SiteLink } from "~/platform/http/prefetch";
import { type Language, languageTags } from "~/platform/i18n/languages";
import { useLanguage, useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ArtPicture } from "~/ui/art/ArtPicture";
import { officeArt } from "~/ui/art/art";
import { hydrateLater } from "~/ui/hydrate-later";
import { RichText } from "~/ui/page-kit/RichText";
import { careersSectionId, RecruitmentSteps } from "./CareersSections";
import { JobList } from "./JobList";
import { ShareJob } from "./ShareJob";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const ApplicationForm = hydrateLater(() => import("./ApplicationForm").then((m) => m.ApplicationForm));

/** What the job page's loader prepares: the offer plus strings formatted on the server. */
export type JobView = Pick<
  JobOffer,
  | "id"
  | "title"
  | "textLanguage"
  | "team"
  | "level"
  | "commitment"
  | "office"
  | "responsibilities"
  | "requirements"
  | "isOpen"
  | "applyUrl"
> & {
  descriptionHtml: string;
  published: string;
  closes: string | null;
  salary: { min: string; max: string | null; period: "YEAR" | "MONTH" | "HOUR" } | null;
  url: string;
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="job-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function JobHeader({
  job,
  studioName,
  listSearch = "",
}: {
  job: JobView;
  studioName: string;
  /** The careers list's filters the visitor came with (`?location=…`), kept by "back". */
  listSearch?: string;
}) {
  const { t } = useTranslation("careers");
  const lang = useLanguage();
  const localize = useLocalizePath();
  const textLang = job.textLanguage === lang ? undefined : languageTags[job.textLanguage];
  const art = officeArt(job.office.slug, job.office.artFocus);
  return (
    <header className={art ? "job-header job-header--with-art" : "job-header"}>
      <div className="container job-header__inner">
        <div className="job-header__text">
          <p className="job-header__back">
            <SiteLink to={`${localize("/careers")}${listSearch}#${careersSectionId}`} className="back-link">
              <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M16 10H4m5-5-5 5 5 5" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
              {t("job.back")}
            </SiteLink>
          </p>
          <p className="eyebrow">
            {job.team.label} · {job.office.name}
          </p>
          <h1 className="job-header__title" lang={textLang}>
            {job.title}
          </h1>
          {textLang ? (
            <p className="job-header__language">
              {t("job.textLanguage", { language: t(`languages.${job.textLanguage as Language}`) })}
            </p>
          ) : null}
          <div className="job-header__actions">
            {job.isOpen ? (
              <a className="button button--primary" href="#apply">
                {t("job.apply")}
              </a>
            ) : null}
            <ShareJob title={job.title} url={`${job.url}${listSearch}`} studioName={studioName} />
          </div>
        </div>
        {art ? (
          <ArtPicture
            art={art}
            crop="wide"
            className="job-header__art"
            sizes="(min-width: 970px) 40vw, 100vw"
            priority
          />
        ) : null}
      </div>
    </header>
  );
}

export function JobBody({ job, listSearch = "" }: { job: JobView; listSearch?: string }) {
  const { t } = useTranslation("careers");
  const lang = useLanguage();
  const localize = useLocalizePath();
  const textLang = job.textLanguage === lang ? undefined : languageTags[job.textLanguage];
  return (
    <div className="container job-layout">
      <aside className="job-facts" aria-labelledby="job-facts-title">
        <h2 id="job-facts-title" className="job-facts__title">
          {t("job.facts")}
        </h2>
        <dl>
          <Fact label={t("job.team")}>{job.team.label}</Fact>
          <Fact label={t("job.office")}>
            <SiteLink to={localize(`/careers/locations/${job.office.slug}`)}>
              {job.office.name}, {job.office.country}
            </SiteLink>
          </Fact>
          <Fact label={t("job.level")}>{job.level.label}</Fact>
          <Fact label={t("job.commitment")}>{job.commitment.label}</Fact>
          {job.salary ? (
            <Fact label={t("job.salary")}>
              {job.salary.max
                ? t("job.salaryRange", {
                    min: job.salary.min,
                    max: job.salary.max,
                    period: t(`job.period.${job.salary.period}`),
                  })
                : t("job.salaryFrom", { min: job.salary.min, period: t(`job.period.${job.salary.period}`) })}
            </Fact>
          ) : null}
          <Fact label={t("job.published")}>{job.published}</Fact>
          {job.closes ? <Fact label={t("job.closes")}>{job.closes}</Fact> : null}
        </dl>
      </aside>
      <div className="job-content" lang={textLang}>
        {!job.isOpen ? (
          <div className="notice notice--warning" lang={textLang ? languageTags[lang] : undefined}>
            <p>{t("job.closed")}</p>
            <p>
              <SiteLink to={`${localize("/careers")}${listSearch}#${careersSectionId}`}>
                {t("job.closedLink")}
              </SiteLink>
            </p>
          </div>
        ) : null}
        <section aria-labelledby="job-description">
          <h2 id="job-description" lang={textLang ? languageTags[lang] : undefined}>
            {t("job.description")}
          </h2>
          <RichText html={job.descriptionHtml} />
        </section>
        {job.responsibilities.length > 0 ? (
          <section aria-labelledby="job-responsibilities">
            <h2 id="job-responsibilities" lang={textLang ? languageTags[lang] : undefined}>
              {t("job.responsibilities")}
            </h2>
            <ul className="check-list">
              {job.responsibilities.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ) : null}
        {job.requirements.length > 0 ? (
          <section aria-labelledby="job-requirements">
            <h2 id="job-requirements" lang={textLang ? languageTags[lang] : undefined}>
              {t("job.requirements")}
            </h2>
            <ul className="check-list">
              {job.requirements.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}

/** Under a closed offer: up to three open offers of the same team. */
export function JobSuggestions({ jobs }: { jobs: JobCard[] }) {
  const { t } = useTranslation("careers");
  return (
    <section className="page-section" aria-labelledby="job-suggestions-title">
      <div className="container">
        <h2 id="job-suggestions-title" className="section-heading__title">
          {t("suggestions.title")}
        </h2>
        {jobs.length > 0 ? <JobList jobs={jobs} /> : <p>{t("suggestions.none")}</p>}
      </div>
    </section>
  );
}

/**
 * The `#apply` section: the hiring steps, then the recruiting service's application page when
 * the offer came from one, else the built-in application form.
 */
export function JobApply({
  job,
  lastResult,
  retentionMonths,
}: {
  job: JobView;
  lastResult?: FormReply | null;
  retentionMonths: number;
}) {
  const { t } = useTranslation("careers");
  if (!job.isOpen) return null;
  return (
    <section id="apply" className="page-section page-section--raised" aria-labelledby="apply-title">
      <div className="container">
        <header className="section-heading">
          <h2 id="apply-title" className="section-heading__title">
            {t("job.applyTitle")}
          </h2>
          <p className="section-heading__intro">{t("job.applyIntro")}</p>
        </header>
        <RecruitmentSteps />
        {job.applyUrl ? (
          <div className="notice apply-notice">
            <p>
              <a
                className="button button--primary"
                href={job.applyUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t("job.applyExternal")}
                <span className="visually-hidden"> {t("job.newTab")}</span>
              </a>
            </p>
          </div>
        ) : (
          <ApplicationForm lastResult={lastResult} retentionMonths={retentionMonths} />
        )}
      </div>
    </section>
  );
}
