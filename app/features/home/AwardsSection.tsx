import "./home.css";
import { useTranslation } from "~/platform/i18n/use-translation";
import { Icon } from "~/ui/page-kit/icons";
import { Section } from "~/ui/page-kit/Section";
import type { Award } from "./types";

export function AwardsSection({ awards }: { awards: Award[] }) {
  const { t } = useTranslation("home");
  return (
    <Section label={t("awards.label")} title={t("awards.title")} intro={t("awards.intro")}>
      <ul className="awards">
        {awards.map((award) => (
          <li key={award.slug} className="award">
            <Icon name="trophy" size={28} />
            <p className="award__year">{award.year}</p>
            <p className="award__title">{award.title}</p>
            <p className="award__org">
              {award.organization}
              {award.game ? ` · ${t("awards.for", { game: award.game })}` : ""}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
