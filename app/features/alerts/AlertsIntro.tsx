import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Icon } from "~/ui/page-kit/icons";
import { Section } from "~/ui/page-kit/Section";
import { StepList } from "~/ui/page-kit/StepList";

const alertSteps = ["choose", "confirm", "receive"] as const;

/** How job alerts work; the create form and the manage screen arrive with the alerts feature. */
export function AlertsIntro() {
  const { t } = useTranslation("alerts");
  const localize = useLocalizePath();
  return (
    <>
      <Section label={t("how.label")} title={t("how.title")}>
        <StepList
          steps={alertSteps.map((key) => ({
            key,
            title: t(`how.steps.${key}.title`),
            body: t(`how.steps.${key}.body`),
          }))}
        />
      </Section>
      <Section title={t("privacy.title")} tone="raised" width="narrow">
        <div className="privacy-note">
          <Icon name="shield" size={32} />
          <p>{t("privacy.body")}</p>
        </div>
        <p className="section-more">
          <SiteLink className="button" to={localize("/careers")}>
            {t("browse")}
          </SiteLink>
        </p>
      </Section>
    </>
  );
}
