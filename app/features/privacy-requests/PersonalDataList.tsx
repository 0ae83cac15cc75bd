import { useTranslation } from "~/platform/i18n/use-translation";
import { ConfirmAction } from "~/ui/dialog/ConfirmAction";

export type PersonalGroupView = {
  kind: string;
  items: Array<{ id: string; label: string; createdOn: string; deleteOn: string | null }>;
};

/** A download button: a plain form, so the browser saves the zip the action answers. */
export function DownloadForm({
  action,
  fields,
  label,
  describedBy,
}: {
  action: string;
  fields: Record<string, string>;
  label: string;
  describedBy?: string;
}) {
  return (
    <form method="post" action={action}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button" aria-describedby={describedBy}>
        {label}
      </button>
    </form>
  );
}

/**
 * Everything tied to an address (routes/privacy-requests-token.tsx): each item with Download and
 * Delete (asks first), and the same for everything. Without JavaScript, asking is this page with
 * `?delete=<kind>:<id>` (or `all`).
 */
export function PersonalDataList({
  groups,
  pageHref,
  downloadHref,
  asking,
}: {
  groups: PersonalGroupView[];
  pageHref: string;
  downloadHref: string;
  asking: string | null;
}) {
  const { t } = useTranslation("privacy");
  if (!groups.length) {
    return <p className="privacy-requests__empty">{t("page.empty")}</p>;
  }
  return (
    <>
      <ul className="privacy-requests__list">
        {groups.flatMap((group) =>
          group.items.map((item) => {
            const key = `${group.kind}:${item.id}`;
            const titleId = `item-${item.id}`;
            return (
              <li key={key} className="privacy-item" aria-labelledby={titleId}>
                <h2 id={titleId} className="privacy-item__title">
                  {t(`kinds.${group.kind}`)}: {item.label}
                </h2>
                <p className="privacy-item__meta">
                  {t("page.createdOn", { date: item.createdOn })}{" "}
                  {item.deleteOn ? t("retention", { date: item.deleteOn }) : t("page.keptUntilDeleted")}
                </p>
                <div className="privacy-item__actions">
                  <DownloadForm
                    action={downloadHref}
                    fields={{ kind: group.kind, id: item.id }}
                    label={t("page.download")}
                    describedBy={titleId}
                  />
                  <ConfirmAction
                    label={t("page.delete")}
                    className="button"
                    describedBy={titleId}
                    askHref={`${pageHref}?delete=${encodeURIComponent(key)}`}
                    cancelHref={pageHref}
                    asking={asking === key}
                    title={t("page.confirmTitle", { what: `${t(`kinds.${group.kind}`)}: ${item.label}` })}
                    description={t(group.kind === "account" ? "page.confirmAccount" : "page.confirmBody")}
                    fields={{ intent: "delete", kind: group.kind, id: item.id }}
                    confirmLabel={t("page.confirm")}
                    cancelLabel={t("cancel")}
                  />
                </div>
              </li>
            );
          }),
        )}
      </ul>
      <section className="privacy-requests__all" aria-labelledby="privacy-all-title">
        <h2 id="privacy-all-title">{t("page.allTitle")}</h2>
        <p>{t("page.outOfReach")}</p>
        <div className="privacy-item__actions">
          <DownloadForm action={downloadHref} fields={{ all: "1" }} label={t("page.downloadAll")} />
          <ConfirmAction
            label={t("page.deleteAll")}
            className="button button--primary"
            askHref={`${pageHref}?delete=all`}
            cancelHref={pageHref}
            asking={asking === "all"}
            title={t("page.confirmAllTitle")}
            description={t("page.confirmAllBody")}
            fields={{ intent: "deleteAll" }}
            confirmLabel={t("page.confirmAll")}
            cancelLabel={t("cancel")}
          />
        </div>
      </section>
    </>
  );
}
