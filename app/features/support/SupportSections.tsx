import "./support.css";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Icon } from "~/ui/page-kit/icons";
import { Section } from "~/ui/page-kit/Section";

export type SupportTopic = {
  slug: string;
  title: string;
  description: string | null;
  questions: Array<{ id: number; slug: string; title: string }>;
};

/** The support topics as cards: each names its questions and links to its own page. */
export function SupportTopics({ topics }: { topics: SupportTopic[] }) {
  const { t } = useTranslation("support");
  const localize = useLocalizePath();
  return (
    <Section id="topics" label={t("categories.label")} title={t("categories.title")} tone="raised">
      <ul className="support-topics">
        {topics.map((topic) => (
          <li key={topic.slug} className="card support-topic">
            <h3 className="card__title support-topic__title">
              <SiteLink to={localize(`/support/category/${topic.slug}`)} className="support-topic__link">
                {topic.title}
              </SiteLink>
            </h3>
            {topic.description ? <p className="card__body">{topic.description}</p> : null}
            <p className="support-topic__count">{t("categories.count", { count: topic.questions.length })}</p>
            {topic.questions.length > 0 ? (
              <ul className="support-topic__questions">
                {topic.questions.map((question) => (
                  <li key={question.id}>
                    <SiteLink to={localize(`/support/faq/${question.slug}`)}>{question.title}</SiteLink>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t("faq.empty")}</p>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function SupportContact({ email }: { email: string }) {
  const { t } = useTranslation("support");
  return (
    <Section title={t("contact.title")} tone="accent" width="narrow">
      <div className="privacy-note">
        <Icon name="chat" size={32} />
        <p>{t("contact.body")}</p>
      </div>
      <p className="button-row">
        <a className="button button--primary" href={`mailto:${email}`}>
          {t("contact.cta")}
        </a>
        <span className="button-row__aside">{email}</span>
      </p>
    </Section>
  );
}

/** Support › Topic (› Question): where the visitor is, as links back up. */
export function SupportBreadcrumb({ trail }: { trail: Array<{ label: string; to?: string }> }) {
  const { t } = useTranslation("support");
  const localize = useLocalizePath();
  return (
    <nav className="support-breadcrumb container" aria-label={t("article.breadcrumb")}>
      <ol className="support-breadcrumb__list">
        <li>
          <SiteLink to={localize("/support")}>{t("article.home")}</SiteLink>
        </li>
        {trail.map((step) => (
          <li key={step.label}>
            {step.to ? (
              <SiteLink to={localize(step.to)}>{step.label}</SiteLink>
            ) : (
              <span aria-current="page">{step.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
