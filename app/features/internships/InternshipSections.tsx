import "./internships.css";
import { careersSectionId, JobList } from "~/features/careers";
import { type FaqGroup, FaqGroups } from "~/features/faq";
import type { JobCard } from "~/features/jobs";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Icon } from "~/ui/page-kit/icons";
import { Section } from "~/ui/page-kit/Section";

export function YearRoundBanner() {
  const { t } = useTranslation("internships");
  const localize = useLocalizePath();
  return (
    <section className="promo-banner" aria-labelledby="internships-banner">
      <div className="container promo-banner__inner">
        <Icon name="calendar" size={40} />
        <div className="promo-banner__text">
          <h2 id="internships-banner" className="promo-banner__title">
            {t("banner.title")}
          </h2>
          <p>{t("banner.body")}</p>
        </div>
        <SiteLink className="button button--primary" to={localize("/alerts")}>
          {t("banner.cta")}
        </SiteLink>
      </div>
    </section>
  );
}

/** Three fictional former interns (texts live in the catalog, so each language reads naturally). */
const testimonialKeys = ["amelie", "tomas", "nurul"] as const;

export function Testimonials() {
  const { t } = useTranslation("internships");
  return (
    <Section label={t("testimonials.label")} title={t("testimonials.title")}>
      <ul className="testimonials">
        {testimonialKeys.map((key) => {
          const name = t(`testimonials.items.${key}.name`);
          return (
            <li key={key} className="testimonial">
              <figure>
                <blockquote className="testimonial__quote">
                  <p>{t(`testimonials.items.${key}.quote`)}</p>
                </blockquote>
                <figcaption className="testimonial__author">
                  <span className={`testimonial__avatar testimonial__avatar--${key}`} aria-hidden="true">
                    {name
                      .split(" ")
                      .slice(0, 2)
                      .map((part) => part[0])
                      .join("")}
                  </span>
                  <span>
                    <span className="testimonial__name">{name}</span>
                    <span className="testimonial__role">
                      {t(`testimonials.items.${key}.role`)} · {t(`testimonials.items.${key}.studio`)}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function EarlyCareerJobs({ jobs }: { jobs: JobCard[] }) {
  const { t } = useTranslation("internships");
  const localize = useLocalizePath();
  return (
    <Section
      id={careersSectionId}
      label={t("jobs.label")}
      title={t("jobs.title")}
      intro={t("jobs.intro")}
      tone="raised"
    >
      {jobs.length > 0 ? (
        <JobList jobs={jobs} />
      ) : (
        <div className="notice">
          <p>{t("jobs.empty")}</p>
          <p>
            <SiteLink className="button button--primary" to={localize("/alerts")}>
              {t("jobs.alerts")}
            </SiteLink>
          </p>
        </div>
      )}
    </Section>
  );
}

export function InternshipFaq({ groups }: { groups: FaqGroup[] }) {
  const { t } = useTranslation("internships");
  return (
    <Section id="faq" label={t("faq.label")} title={t("faq.title")} width="narrow">
      <FaqGroups groups={groups} />
    </Section>
  );
}
