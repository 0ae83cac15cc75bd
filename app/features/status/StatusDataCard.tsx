import { useTranslation } from "~/platform/i18n/use-translation";
import { ConfirmAction } from "~/ui/dialog/ConfirmAction";

/**
 * "Your data" on a status page (docs/requirements.md#data-rights): download it (a zip, posted
 * by a plain form so the browser saves the answer) and delete it now (asks first; works
 * without JavaScript), with the date the retention rule deletes it by itself.
 */
export function StatusDataCard({
  pageHref,
  downloadHref,
  asking,
  deleteOn,
  kind,
}: {
  pageHref: string;
  downloadHref: string;
  asking: boolean;
  deleteOn: string;
  /** What the page is about: the texts say what is deleted and what stays out of reach. */
  kind: "application" | "contact" | "issueReport" | "playtest";
}) {
  const { t } = useTranslation("status");
  return (
    <section className="status-card status-data" aria-labelledby="status-data-title">
      <h2 id="status-data-title" className="status-card__title">
        {t("data.title")}
      </h2>
      <p>{t("held-data:retention", { date: deleteOn })}</p>
      <p>{t(`data.kinds.${kind}.outOfReach`)}</p>
      <div className="status-data__actions">
        <form method="post" action={downloadHref}>
          <button type="submit" className="button">
            {t("data.download")}
          </button>
        </form>
        <ConfirmAction
          label={t("data.delete")}
          className="button"
          askHref={`${pageHref}?delete=1`}
          cancelHref={pageHref}
          asking={asking}
          title={t(`data.kinds.${kind}.confirmTitle`)}
          description={t(`data.kinds.${kind}.confirmBody`)}
          fields={{ intent: "delete" }}
          confirmLabel={t(`data.kinds.${kind}.confirm`)}
          cancelLabel={t("held-data:cancel")}
        />
      </div>
    </section>
  );
}
