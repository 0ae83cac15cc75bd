import "./careers-cards.css";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CardGrid } from "~/ui/page-kit/CardGrid";
import { Icon } from "~/ui/page-kit/icons";
import { Section } from "~/ui/page-kit/Section";
import { StepList } from "~/ui/page-kit/StepList";
import { recruitmentSteps } from "./application-stages";

/**
 * The id the page header's button and the `#js-careers` hash scroll to
 * (docs/requirements.md#navigation-and-layout).
 */
export const careersSectionId = "js-careers";

export function CareersAbout({ studioName }: { studioName: string }) {
  const { t } = useTranslation("careers");
  return (
    <Section label={t("about.label", { studio: studioName })} title={t("about.title")} width="narrow">
      <div className="lead-copy">
        <p>{t("about.body")}</p>
        <p>{t("about.body2")}</p>
      </div>
    </Section>
  );
}

type OfficeLink = { slug: string; name: string; country: string };

/** Links to each studio's careers page. */
export function LocationLinks({ offices }: { offices: OfficeLink[] }) {
  const { t } = useTranslation("careers");
  const localize = useLocalizePath();
  return (
    <ul className="location-links">
      {offices.map((office) => (
        <li key={office.slug}>
          <SiteLink className="location-link" to={localize(`/careers/locations/${office.slug}`)}>
            <Icon name="pin" />
            <span>
              <span className="location-link__city">{t("locations.link", { city: office.name })}</span>
              <span className="location-link__country">{office.country}</span>
            </span>
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}

export function StudioLocations({ offices }: { offices: OfficeLink[] }) {
  const { t } = useTranslation("careers");
  return (
    <Section label={t("locations.label")} title={t("locations.title")} intro={t("locations.intro")}>
      <LocationLinks offices={offices} />
    </Section>
  );
}

export function OpenApplicationTeaser({ openApplicationId }: { openApplicationId: number | null }) {
  const { t } = useTranslation("careers");
  const localize = useLocalizePath();
  return (
    <Section
      label={t("openApplication.label")}
      title={t("openApplication.title")}
      tone="accent"
      width="narrow"
    >
      <p className="lead-copy">{t("openApplication.body")}</p>
      <p className="button-row">
        {openApplicationId !== null ? (
          <SiteLink className="button button--primary" to={localize(`/careers/${openApplicationId}`)}>
            {t("openApplication.cta")}
          </SiteLink>
        ) : null}
        <SiteLink
          className={openApplicationId !== null ? "button" : "button button--primary"}
          to={localize("/alerts")}
        >
          {t("openApplication.alerts")}
        </SiteLink>
      </p>
    </Section>
  );
}

export function WhyJoinUs() {
  const { t } = useTranslation("careers");
  const reasons = [
    { key: "craft", icon: "brush" },
    { key: "growth", icon: "growth" },
    { key: "balance", icon: "balance" },
  ];
  return (
    <Section label={t("why.label")} title={t("why.title")}>
      <CardGrid
        columns={3}
        cards={reasons.map((r) => ({
          key: r.key,
          title: t(`why.${r.key}.title`),
          body: t(`why.${r.key}.body`),
          icon: <Icon name={r.icon} size={28} />,
        }))}
      />
    </Section>
  );
}

export function RecruitmentSteps() {
  const { t } = useTranslation("careers");
  return (
    <StepList
      steps={recruitmentSteps.map((key) => ({
        key,
        title: t(`process.steps.${key}.title`),
        body: t(`process.steps.${key}.body`),
      }))}
    />
  );
}

export function RecruitmentProcess() {
  const { t } = useTranslation("careers");
  return (
    <Section label={t("process.label")} title={t("process.title")} intro={t("process.intro")} tone="raised">
      <RecruitmentSteps />
    </Section>
  );
}
