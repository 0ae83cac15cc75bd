import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Section } from "~/ui/page-kit/Section";

/** On the support home: the way to the problem report and to the patch notes. */
export function SupportReportLinks() {
  const { t } = useTranslation("support-report");
  const localize = useLocalizePath();
  return (
    <Section title={t("links.title")} width="narrow">
      <p>{t("links.body")}</p>
      <p className="button-row">
        <SiteLink className="button button--primary" to={localize("/support/report")}>
          {t("links.report")}
        </SiteLink>
        <SiteLink className="button" to={localize("/support/patches")}>
          {t("links.patches")}
        </SiteLink>
      </p>
    </Section>
  );
}
