import { useTranslation } from "~/platform/i18n/use-translation";

/** When a held item was sent and when it goes (or that it stays until deleted), as every list of them says it. */
export function HeldItemMeta({ createdOn, deleteOn }: { createdOn: string; deleteOn?: string | null }) {
  const { t } = useTranslation("held-data");
  return (
    <p className="privacy-item__meta">
      {t("createdOn", { date: createdOn })}{" "}
      {deleteOn ? t("retention", { date: deleteOn }) : t("keptUntilDeleted")}
    </p>
  );
}
