import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useStudio } from "./use-studio";

/**
 * The studio's logo and name, linking home (docs/requirements.md#navigation-and-layout: "Logo links
 * home").
 */
export function Brand({ className = "brand" }: { className?: string }) {
  const { t } = useTranslation("layout");
  const localize = useLocalizePath();
  const studio = useStudio();
  return (
    <SiteLink to={localize("/")} className={className}>
      {studio ? (
        <>
          <img className="brand__logo" src={studio.logo} alt="" width="36" height="36" />
          <span className="brand__name">{studio.name}</span>
          <span className="visually-hidden"> – {t("brandHomeSuffix")}</span>
        </>
      ) : (
        <span className="brand__name">{t("brandFallback")}</span>
      )}
    </SiteLink>
  );
}
