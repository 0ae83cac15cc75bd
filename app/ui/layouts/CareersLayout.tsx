import { Outlet, useLocation } from "react-router";
import { SiteLink } from "~/platform/http/prefetch";
import { splitLanguage } from "~/platform/i18n/languages";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { paths } from "~/ui/frame/site-links";
import { SiteFrame } from "./SiteFrame";

const sections = [
  { key: "career", path: paths.careers },
  { key: "internship", path: paths.internships },
  { key: "playtest", path: paths.playtesting },
  { key: "alerts", path: paths.alerts },
] as const;

/**
 * Careers, internships, job alerts, job and location pages: an accent band under the header names the
 * section and links its parts, so a job seeker moves between them in one step.
 */
export default function CareersLayout() {
  return (
    <SiteFrame name="careers" band={<CareersBand />}>
      <Outlet />
    </SiteFrame>
  );
}

function CareersBand() {
  const { t } = useTranslation("layout");
  const localize = useLocalizePath();
  const path = splitLanguage(useLocation().pathname).path.replace(/\/+$/, "") || "/";
  return (
    <div className="careers-band">
      <div className="careers-band__inner container">
        <p className="careers-band__title" aria-hidden="true">
          {t("careersBand.title")}
        </p>
        <nav aria-label={t("careersBand.label")}>
          <ul className="careers-band__list">
            {sections.map((section) => {
              const current = path === section.path || path.startsWith(`${section.path}/`);
              return (
                <li key={section.key}>
                  <SiteLink
                    to={localize(section.path)}
                    className="careers-band__link"
                    aria-current={current ? (path === section.path ? "page" : "true") : undefined}
                  >
                    {t(`nav.${section.key}`)}
                  </SiteLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
    </div>
  );
}
