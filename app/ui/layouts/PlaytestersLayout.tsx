import { Outlet } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { SiteFrame } from "./SiteFrame";

/**
 * Playtesting: the same frame with a playful second accent (teal, tokens.css
 * [data-theme="playtest"]), a patterned backdrop and a strip that states the essentials.
 */
export default function PlaytestersLayout() {
  const { t } = useTranslation("layout");
  return (
    <SiteFrame
      name="playtesters"
      theme="playtest"
      band={
        <div className="playtest-band">
          <p className="playtest-band__inner container">
            <strong>{t("playtestBand.title")}</strong> <span>{t("playtestBand.text")}</span>
          </p>
        </div>
      }
    >
      <Outlet />
    </SiteFrame>
  );
}
