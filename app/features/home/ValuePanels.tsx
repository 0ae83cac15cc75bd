import { useTranslation } from "react-i18next";
import { CardGrid } from "~/features/pages/CardGrid";
import { Icon } from "~/features/pages/icons";
import { Section } from "~/features/pages/Section";
import type { ValuePanel } from "~/features/studio/types";

export function ValuePanels({ panels }: { panels: ValuePanel[] }) {
  const { t } = useTranslation("home");
  return (
    <Section label={t("values.label")} title={t("values.title")} intro={t("values.intro")} tone="raised">
      <CardGrid
        columns={4}
        cards={panels.map((panel) => ({
          key: panel.slug,
          title: panel.title,
          body: panel.body,
          icon: <Icon name={panel.icon} size={32} />,
        }))}
      />
    </Section>
  );
}
