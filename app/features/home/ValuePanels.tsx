import { useTranslation } from "~/platform/i18n/use-translation";
import { CardGrid } from "~/ui/page-kit/CardGrid";
import { Icon } from "~/ui/page-kit/icons";
import { Section } from "~/ui/page-kit/Section";
import type { ValuePanel } from "./types";

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
